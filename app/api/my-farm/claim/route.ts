import { farmApi } from "@/lib/contracts/farm";
import { createSession, sessionCookieHeaders, withCookies } from "@/lib/server/auth/session";
import type { AppError } from "@/lib/server/platform/errors";
import { claimPage, LINK_INVALID } from "@/lib/server/farm/claim-page";
import { consumeLoginToken } from "@/lib/server/farm/invite";
import { handlers, route } from "@/lib/server/http/route";
import { isSecureRequest } from "@/lib/server/http/origin";

/**
 * The one-time sign-in link of a farmer's invite email (also shown to ops, and printed by
 * `npm run farmer:invite`). A person follows it in a browser,
 * so both methods answer HTML pages (errors too); GET only shows a button, POST spends the token.
 */
function errorPage(error: AppError): Response {
  if (error.code === "cross_site")
    return claimPage(
      { title: "Request refused", body: "Cross-site requests are not allowed." },
      error.status,
    );
  if (error.status >= 500)
    return claimPage({ title: "Something went wrong", body: error.message }, error.status);
  return claimPage(LINK_INVALID, error.status);
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(
    farmApi.claimPage,
    ({ query }) => {
      if (!query.token) return claimPage(LINK_INVALID, 400);
      return claimPage({
        title: "Welcome to Fieldfare",
        body: "Sign in once with this link, then choose a password for your farm account.",
        token: query.token,
      });
    },
    { renderError: errorPage },
  ),
  route(
    farmApi.claim,
    async ({ req, body }) => {
      const userId = await consumeLoginToken(body.token ?? "");
      if (userId === null) return claimPage(LINK_INVALID, 410);
      const secure = isSecureRequest(req);
      const session = await createSession(userId, secure, req.headers.get("user-agent"));
      return new Response(null, {
        status: 303,
        headers: withCookies(
          sessionCookieHeaders(session.name, session.value, session.expiresAt, secure),
          {
            location: "/my-farm/welcome",
            "cache-control": "no-store",
            "referrer-policy": "no-referrer",
          },
        ),
      });
    },
    { renderError: errorPage },
  ),
);
