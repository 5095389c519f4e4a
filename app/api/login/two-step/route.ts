import { passkeysApi } from "@/lib/contracts/passkeys";
import { completeTwoStepSignIn } from "@/lib/server/auth/two-step";
import { handlers, route } from "@/lib/server/http/route";
import { requestMeta, signInAnswer, twoStepTokenOf } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.twoStepLogin, async ({ req, body }) => {
    const meta = requestMeta(req);
    const signedIn = await completeTwoStepSignIn(twoStepTokenOf(req), body.code, meta);
    return signInAnswer(signedIn, 200, meta.secure);
  }),
);
