/** Shapes the JSON API returns (dollars, ISO dates), shared by server serialisers and client UI. */
export type { PublicUser } from "@/lib/contracts/session";
