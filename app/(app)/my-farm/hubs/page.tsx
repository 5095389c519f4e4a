import { FarmHubs } from "@/components/farm/farm-hubs";

/**
 * My Farm → Hubs (docs/hubs.md), prerendered: the hubs' invitations and links are read from /api in
 * the browser (docs/architecture.md, "Pages").
 */
export default function FarmHubsPage() {
  return <FarmHubs />;
}
