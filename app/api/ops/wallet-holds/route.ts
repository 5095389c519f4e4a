import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { listOpenHolds } from "@/lib/server/ops/wallet-holds";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.walletHolds, () => listOpenHolds()),
);
