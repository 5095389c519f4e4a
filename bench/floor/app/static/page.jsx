import { Content } from "../content";

/** Prerendered at build time: the baseline. */
export default function StaticPage() {
  return <Content />;
}
