import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { AppError, unauthorized, type FieldErrors } from "@/lib/server/errors";
import { userFromRequest, type SessionUser } from "@/lib/server/auth/session";
import { env } from "@/lib/server/env";

/**
 * The one wrapper every /api handler goes through (DESIGN.md §4): JSON-only bodies (415), 64 KB
 * limit (413), zod parsing (400 with `errors`), same-origin check on mutations (403), session
 * lookup (401), AppError → status, and no stack trace or SQL ever reaching the client.
 */
export const MAX_BODY_BYTES = 64 * 1024;

type Auth = "required" | "optional" | "none";
type RouteParams = Record<string, string | string[] | undefined>;

export type RouteContext<A extends Auth, B, Q> = {
  req: Request;
  user: A extends "required" ? SessionUser : SessionUser | null;
  body: B;
  query: Q;
  params: RouteParams;
};

type Options<A extends Auth, BS extends z.ZodType | undefined, QS extends z.ZodType | undefined> = {
  auth?: A;
  body?: BS;
  query?: QS;
  /** Set false for endpoints that must accept cross-site calls (none today). */
  sameOrigin?: boolean;
};

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export function json(body: unknown, init: number | ResponseInit = 200): Response {
  const i = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(i.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { ...i, headers });
}

export function errorResponse(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
  return json(errors ? { message, errors } : { message }, { status, headers });
}

/** Maps zod issues to `{field: message}` (first message per field) and a summary message. */
export function zodToAppError(error: z.ZodError): AppError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    errors[key] ??= issue.message;
  }
  return new AppError(400, error.issues[0]?.message ?? "Invalid input", errors);
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function expectedOrigins(req: Request): string[] {
  const origins = new Set<string>();
  const url = new URL(req.url);
  origins.add(url.origin);
  const host = req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  const appUrl = env().APP_URL;
  if (appUrl) origins.add(new URL(appUrl).origin);
  return [...origins];
}

/** Browsers always send Origin (or Sec-Fetch-Site) on cross-site POSTs; non-browser clients cannot ride a victim's cookie. */
export function isCrossSite(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin) return origin === "null" || !expectedOrigins(req).includes(origin);
  const site = req.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

async function readJsonBody(req: Request): Promise<unknown> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError(413, "Request body is too large (64 KB at most)");
  if (!req.body) {
    if (type && type !== "application/json") throw new AppError(415, "Send the request body as application/json");
    return {};
  }
  if (type !== "application/json") throw new AppError(415, "Send the request body as application/json");
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new AppError(413, "Request body is too large (64 KB at most)");
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON");
  }
}

function toResponse(error: unknown): Response {
  if (error instanceof AppError) return errorResponse(error.status, error.message, error.fieldErrors, error.headers);
  if (error instanceof z.ZodError) {
    const e = zodToAppError(error);
    return errorResponse(400, e.message, e.fieldErrors);
  }
  const ref = crypto.randomBytes(6).toString("hex");
  // Details stay in the server log; the client gets a reference it can quote to support.
  console.error(`[api] unhandled error ref=${ref}:`, error);
  if (isUnavailable(error)) return errorResponse(503, `The service is temporarily unavailable. Please try again shortly. (ref ${ref})`, undefined, { "Retry-After": "5" });
  return errorResponse(500, `Something went wrong on our side. Please try again. (ref ${ref})`);
}

/** Database connection failures become 503 so clients know to retry. */
function isUnavailable(error: unknown): boolean {
  const text = String((error as { code?: string })?.code ?? "") + " " + String((error as Error)?.message ?? "");
  return /ECONNREFUSED|ECONNRESET|57P01|57P03|08006|08001|terminating connection|Connection terminated|connect ETIMEDOUT|P1001|P1017|DatabaseNotReachable/i.test(text);
}

export function route<A extends Auth = "none", BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
  options: Options<A, BS, QS>,
  handler: (ctx: RouteContext<A, Infer<BS>, Infer<QS>>) => Promise<Response | unknown>,
) {
  return async (req: Request, context?: { params?: Promise<RouteParams> }): Promise<Response> => {
    try {
      if (MUTATING.has(req.method) && options.sameOrigin !== false && isCrossSite(req)) {
        throw new AppError(403, "Cross-site requests are not allowed");
      }
      const user = options.auth && options.auth !== "none" ? await userFromRequest(req) : null;
      if (options.auth === "required" && !user) throw unauthorized();
      let body: unknown = undefined;
      if (options.body) {
        const raw = await readJsonBody(req);
        const parsed = options.body.safeParse(raw);
        if (!parsed.success) throw zodToAppError(parsed.error);
        body = parsed.data;
      }
      let query: unknown = undefined;
      if (options.query) {
        const params = Object.fromEntries(new URL(req.url).searchParams);
        const parsed = options.query.safeParse(params);
        if (!parsed.success) throw zodToAppError(parsed.error);
        query = parsed.data;
      }
      const params = (await context?.params) ?? {};
      const result = await handler({ req, user, body, query, params } as RouteContext<A, Infer<BS>, Infer<QS>>);
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return toResponse(error);
    }
  };
}
