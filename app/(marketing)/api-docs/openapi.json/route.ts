import { openApiDocument } from "@/lib/openapi";

/** The raw OpenAPI document, generated at build time. */
export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument());
}
