import { businessApi } from "@/lib/contracts/business";
import { applyForBusinessAccount, getBusinessAccount } from "@/lib/server/business/accounts";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(businessApi.get, ({ user }) => getBusinessAccount(user.id)),
  route(businessApi.apply, ({ user, body }) => applyForBusinessAccount(user, body)),
);
