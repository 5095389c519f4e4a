/**
 * JSON shapes of the catalog API (docs/http-contract.md). Type-only module: safe to import from client
 * components (no server code comes along).
 */
export type { CategoryJson, FarmJson, FarmThumbnail, ProductJson } from "@/lib/contracts/catalog";
