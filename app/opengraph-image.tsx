import { ogCard, ogSize } from "@/components/marketing/og-card";
import { site } from "@/lib/site";

export const alt = `${site.name} — ${site.tagline}`;
export const size = ogSize;
export const contentType = "image/png";

export default function OpenGraphImage() {
  return ogCard(site.name, site.description);
}
