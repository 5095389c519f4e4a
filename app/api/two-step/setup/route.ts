import { twoStepApi } from "@/lib/contracts/passkeys";
import { startTwoStepSetup } from "@/lib/server/auth/two-step";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(twoStepApi.setup, ({ user }) => startTwoStepSetup(user)),
);
