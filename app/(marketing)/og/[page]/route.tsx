import { ogCard } from "@/components/marketing/og-card";
import { ogKey, publicPages } from "@/components/marketing/pages";

/** Per-page Open Graph / Twitter images (pageMetadata points at /og/<key>), rendered at build time. */
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return publicPages.map((p) => ({ page: ogKey(p.path) }));
}

export async function GET(_req: Request, { params }: { params: Promise<{ page: string }> }) {
  const { page } = await params;
  const found = publicPages.find((p) => ogKey(p.path) === page);
  if (!found) return new Response("Not found", { status: 404 });
  return ogCard(found.title, found.description);
}
