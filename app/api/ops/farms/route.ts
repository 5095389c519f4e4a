import { opsApi } from "@/lib/contracts/ops";
import { appOrigin } from "@/lib/server/http/origin";
import { handlers, route } from "@/lib/server/http/route";
import { inviteFarmerAsStaff, listOpsFarms } from "@/lib/server/ops/farms";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.farms, ({ query }) => listOpsFarms(query.q)),
  route(opsApi.inviteFarmer, ({ req, user, body }) =>
    inviteFarmerAsStaff(user.id, body, appOrigin(req)),
  ),
);
