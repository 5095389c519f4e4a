import { farmApi } from "@/lib/contracts/farm";
import { sendFreshSheetTest } from "@/lib/server/farm/fresh-sheet-test";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.freshSheetTest, ({ user }) => sendFreshSheetTest(user)),
);
