import { z } from "zod";
import { endpoint } from "./endpoint";

export const operationsApi = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    tag: "Operations",
    summary: "Liveness check",
    auth: "none",
    response: z.object({ ok: z.literal(true) }),
  }),
};
