import "server-only";
import { json } from "@/lib/server/http/route";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/**
 * The public forms read `success` (spec §7), so their error answers carry `success: false` next to
 * the shared wrapper's `{message, errors}`. Post-processing keeps lib/server/http/route.ts untouched.
 */
export function withSuccessFlag(handler: Handler): Handler {
  return async (req, ctx) => {
    const res = await handler(req, ctx);
    if (res.status < 400) return res;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) return res;
    return json({ success: false, ...body }, { status: res.status, headers: res.headers });
  };
}
