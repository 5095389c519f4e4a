import { notificationsApi } from "@/lib/contracts/notifications";
import { handlers, route } from "@/lib/server/http/route";
import { listFreshSheetSwitches } from "@/lib/server/notifications/fresh-sheets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(notificationsApi.freshSheets, ({ user }) => listFreshSheetSwitches(user)),
);
