import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { personDetail } from "@/lib/server/ops/people";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.person, ({ params }) => personDetail(params.id)),
);
