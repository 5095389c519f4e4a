import { endpoint } from "./endpoint";
import { ok } from "./json";

export const operationsApi = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    tag: "Operations",
    summary: "Liveness check",
    auth: "none",
    response: ok,
  }),
};
