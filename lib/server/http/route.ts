import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { METHODS, type BodySpec, type Endpoint, type Method } from "@/lib/contracts/endpoint";
import { AppError, type FieldErrors } from "@/lib/server/platform/errors";
import { sessionTiming, userFromRequest, type SessionUser } from "@/lib/server/auth/session";
import { refuseWithoutTwoStep } from "@/lib/server/auth/two-step-rule";
import { idempotencyKeyFrom, type IdempotentResult } from "@/lib/server/platform/idempotency";
import { withRequestClock } from "@/lib/server/platform/clock";
import { readBody } from "./body";
import { isCrossSite } from "./origin";

/**
 * The one HTTP adapter: every /api handler is `route(contract, handler)`. From the contract
 * (lib/contracts/<domain>.ts) it enforces, in this order: same-origin for mutations (403
 * cross_site), the session (401), two-step sign-in for a money action of an account that needs
 * it (403 two_step_required), path parameters (404 with the parser's message), the query
 * (400), the body of the declared kind with its size cap (415, 413, 400); then runs the handler
 * and answers its value as JSON with the contract's status. Any AppError becomes
 * `{message, code, errors?}` with the status of its code; anything else is logged with a
 * reference and answered 500 (or 503 when the database is unreachable) without internals.
 * `handlers(...)` collects a file's routes and answers the other methods 405 with `Allow`.
 * See docs/architecture.md, "HTTP adapter".
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOut<B> = B extends BodySpec<infer S> ? z.output<S> : undefined;
type ParamsOut<P> = P extends z.ZodType ? z.output<P> : Record<string, never>;

export type RouteContext<E extends Endpoint> = {
  req: Request;
  user: E["auth"] extends "required" | "staff" ? SessionUser : null;
  params: ParamsOut<E["params"]>;
  query: Out<E["query"]>;
  body: BodyOut<E["body"]>;
  /** The validated `Idempotency-Key` header (contracts with `idempotencyKey: true`). */
  idempotencyKey: E["idempotencyKey"] extends true ? string | undefined : undefined;
  /** Headers added to the JSON answer (e.g. `idempotent-replayed`). */
  headers: Headers;
};

type Answer<E extends Endpoint> = E extends { response: infer R }
  ? R extends z.ZodType
    ? z.input<R> | Response
    : Response
  : unknown;

export type RouteHandler = ((
  req: Request,
  context?: { params?: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>) & {
  /** The contract a route() handler serves. */
  endpoint?: Endpoint;
  /** What a generated handler answers instead: "405" (handlers()), "404" (unknown /api paths), "options". */
  filler?: "405" | "404" | "options";
};

export type RouteOptions<E extends Endpoint = Endpoint> = {
  /** Envelope "html": how an error is shown to a person (an HTML page with the right status). */
  renderError?: (error: AppError) => Response;
  /**
   * Runs after the session, path and query checks and BEFORE the body is read: permission checks
   * that should refuse (403/404) without taking a 2 MB upload first.
   */
  guard?: (ctx: Omit<RouteContext<E>, "body" | "idempotencyKey" | "headers">) => Promise<unknown>;
};

export function json(body: unknown, init: number | ResponseInit = 200): Response {
  const i = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(i.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { ...i, headers });
}

/** An idempotent call's value; a stored answer replayed for its key says so (`idempotent-replayed`). */
export function replayable<T>(headers: Headers, result: IdempotentResult<T>): T {
  if (result.replayed) headers.set("idempotent-replayed", "true");
  return result.value;
}

/** `{message, code, errors?}` (plus `success: false` for the "success" envelope) with the code's status. */
export function errorResponse(error: AppError, envelope: "plain" | "success" = "plain"): Response {
  const body = {
    ...(envelope === "success" ? { success: false } : {}),
    message: error.message,
    code: error.code,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  };
  return json(body, { status: error.status, headers: error.headers });
}

/**
 * zod issues → `{field: message}` (first message per field) and the first message as the summary.
 * An issue may name its own code (`params: {code: "not_found"}`, as the path id parser does).
 */
export function zodToAppError(error: z.ZodError): AppError {
  const first = error.issues[0];
  const message = first?.message ?? "Invalid input";
  const code = (first as { params?: { code?: unknown } } | undefined)?.params?.code;
  if (code === "not_found") return new AppError("not_found", message);
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fieldErrors[key] ??= issue.message;
  }
  return new AppError("validation", message, { fieldErrors });
}

/** Database connection failures become 503 so clients know to retry. */
function isUnavailable(error: unknown): boolean {
  const text =
    String((error as { code?: string })?.code ?? "") +
    " " +
    String((error as Error)?.message ?? "");
  return /ECONNREFUSED|ECONNRESET|57P01|57P03|08006|08001|terminating connection|Connection terminated|connect ETIMEDOUT|P1001|P1017|DatabaseNotReachable/i.test(
    text,
  );
}

/** Any thrown value as an AppError; unexpected ones are logged with a reference the client can quote. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return zodToAppError(error);
  const ref = crypto.randomBytes(6).toString("hex");
  console.error(`[api] unhandled error ref=${ref}:`, error);
  if (isUnavailable(error)) {
    return new AppError(
      "unavailable",
      `The service is temporarily unavailable. Please try again shortly. (ref ${ref})`,
      { headers: { "Retry-After": "5" } },
    );
  }
  return new AppError(
    "internal",
    `Something went wrong on our side. Please try again. (ref ${ref})`,
  );
}

const NO_ENDPOINT = "No API endpoint at this address";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;

function parseWith(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

export function route<const E extends Endpoint>(
  contract: E,
  handler: (ctx: RouteContext<E>) => Promise<Answer<E>> | Answer<E>,
  options: RouteOptions<E> = {},
): RouteHandler {
  const envelope = contract.envelope ?? "plain";
  if (envelope === "html" && !options.renderError)
    throw new Error(`${contract.method} ${contract.path}: the html envelope needs renderError`);
  if (contract.crossSite === "allowed" && contract.auth !== "none")
    throw new Error(
      `${contract.method} ${contract.path}: a cross-site call cannot use the session`,
    );
  const run: RouteHandler = async (req, context) => {
    try {
      // Staff calls answer everyone else exactly as an address that does not exist would.
      const staff = contract.auth === "staff" ? await userFromRequest(req) : null;
      if (contract.auth === "staff" && staff?.role !== "staff")
        throw new AppError("not_found", NO_ENDPOINT);
      if (MUTATING.has(req.method) && contract.crossSite !== "allowed" && isCrossSite(req))
        throw new AppError("cross_site", "Cross-site requests are not allowed");
      const user = contract.auth === "required" ? await userFromRequest(req) : staff;
      if (contract.auth === "required" && !user)
        throw new AppError("unauthenticated", "Not signed in");
      // Staff and farms with payouts reach no money action before two-step sign-in is on.
      if (contract.moneyAction && user) refuseWithoutTwoStep(user);
      const rawParams = (await context?.params) ?? {};
      // A segment Next could not decode arrives as it was sent (lib/request-guard.ts refuses it first).
      if (Object.values(rawParams).some((v) => typeof v === "string" && BROKEN_ESCAPE.test(v)))
        throw new AppError("validation", "The address has a malformed %-escape");
      const params = contract.params ? parseWith(contract.params, rawParams) : {};
      const query = contract.query
        ? parseWith(contract.query, Object.fromEntries(new URL(req.url).searchParams))
        : undefined;
      if (options.guard)
        await options.guard({ req, user, params, query } as Parameters<
          NonNullable<RouteOptions<E>["guard"]>
        >[0]);
      const body = contract.body
        ? parseWith(contract.body.schema, await readBody(req, contract.body))
        : undefined;
      const idempotencyKey = contract.idempotencyKey ? idempotencyKeyFrom(req) : undefined;
      const headers = new Headers();
      const timing = sessionTiming(req);
      if (timing) headers.set("server-timing", timing);
      const result = await withRequestClock(req, () =>
        handler({ req, user, params, query, body, idempotencyKey, headers } as RouteContext<E>),
      );
      return result instanceof Response
        ? result
        : json(result, { status: contract.status ?? 200, headers });
    } catch (error) {
      const e = toAppError(error);
      return envelope === "html" ? options.renderError!(e) : errorResponse(e, envelope);
    }
  };
  run.endpoint = contract;
  return run;
}

export type RouteFile = Record<Method | "OPTIONS", RouteHandler>;

/** What an address that does not exist answers (app/api/[[...path]]). */
const unknownAnswer = async () => errorResponse(new AppError("not_found", NO_ENDPOINT));

/**
 * A route file's exports: `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(route(…), …)`.
 * Methods without a route answer 405 with `Allow` (JSON, like every /api answer); OPTIONS answers
 * 204 with `Allow`.
 */
export function handlers(...routes: RouteHandler[]): RouteFile {
  const byMethod = new Map<Method, RouteHandler>();
  for (const r of routes) {
    if (!r.endpoint) throw new Error("handlers() takes route(contract, handler) values");
    if (byMethod.has(r.endpoint.method))
      throw new Error(`${r.endpoint.method} ${r.endpoint.path} is registered twice`);
    byMethod.set(r.endpoint.method, r);
  }
  const allowed = METHODS.filter((m) => byMethod.has(m));
  const allow = [...allowed, ...(byMethod.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const notAllowed: RouteHandler = Object.assign(
    async (req: Request) =>
      errorResponse(
        new AppError(
          "method_not_allowed",
          `${req.method} is not allowed here (allowed: ${allow})`,
          { headers: { Allow: allow } },
        ),
      ),
    { filler: "405" as const },
  );
  const options: RouteHandler = Object.assign(
    async () =>
      new Response(null, { status: 204, headers: { Allow: allow, "cache-control": "no-store" } }),
    { filler: "options" as const },
  );
  // A staff address tells no one else which methods it takes: it answers as an unknown one.
  const staffOnly = routes.some((r) => r.endpoint!.auth === "staff");
  const filler = (answer: RouteHandler): RouteHandler =>
    staffOnly
      ? Object.assign(
          async (req: Request) => {
            try {
              return (await userFromRequest(req))?.role === "staff" ? answer(req) : unknownAnswer();
            } catch (error) {
              return errorResponse(toAppError(error));
            }
          },
          { filler: answer.filler },
        )
      : answer;
  return {
    GET: byMethod.get("GET") ?? filler(notAllowed),
    POST: byMethod.get("POST") ?? filler(notAllowed),
    PUT: byMethod.get("PUT") ?? filler(notAllowed),
    PATCH: byMethod.get("PATCH") ?? filler(notAllowed),
    DELETE: byMethod.get("DELETE") ?? filler(notAllowed),
    OPTIONS: filler(options),
  };
}

/** For app/api/[[...path]]: every method of an unknown /api path answers a JSON 404. */
export function unknownApiPath(): RouteFile {
  const notFound: RouteHandler = Object.assign(unknownAnswer, { filler: "404" as const });
  return {
    GET: notFound,
    POST: notFound,
    PUT: notFound,
    PATCH: notFound,
    DELETE: notFound,
    OPTIONS: notFound,
  };
}
