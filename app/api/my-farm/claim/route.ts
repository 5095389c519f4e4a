import { createSession, isSecureRequest, sessionCookieHeader } from "@/lib/server/auth/session";
import { claimPage, LINK_INVALID } from "@/lib/server/farm/claim-page";
import { consumeLoginToken } from "@/lib/server/farm/invite";
import { readCapped } from "@/lib/server/farm/read-capped";
import { isCrossSite } from "@/lib/server/http/route";

/**
 * One-time sign-in link printed by `npm run farmer:invite`. These answer HTML to a person
 * following a link (not JSON to a client), so they are written by hand instead of with route().
 */
export async function GET(req: Request) {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  if (!token) return claimPage(LINK_INVALID, 400);
  return claimPage({ title: "Welcome to Fieldfare", body: "Sign in once with this link, then choose a password for your farm account.", token });
}

export async function POST(req: Request) {
  if (isCrossSite(req)) return claimPage({ title: "Request refused", body: "Cross-site requests are not allowed." }, 403);
  let token = "";
  try {
    token = new URLSearchParams((await readCapped(req, 4096, "Too large")).toString("utf8")).get("token") ?? "";
  } catch {
    return claimPage(LINK_INVALID, 400);
  }
  const userId = await consumeLoginToken(token);
  if (userId === null) return claimPage(LINK_INVALID, 410);
  const secure = isSecureRequest(req);
  const session = await createSession(userId, secure, req.headers.get("user-agent"));
  return new Response(null, {
    status: 303,
    headers: {
      location: "/my-farm/welcome",
      "set-cookie": sessionCookieHeader(session.name, session.value, session.expiresAt, secure),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
