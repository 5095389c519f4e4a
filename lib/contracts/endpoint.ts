import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import type { ErrorCode } from "./errors";
import type { ApiTag } from "./tags";

/**
 * One endpoint of /api, described once: method, path, who may call it, what it reads (path
 * parameters, query, body) and what it answers. `route()` (lib/server/http/route.ts) enforces the
 * description, and the API document at /api-docs is generated from the same objects, so the docs
 * and the server cannot disagree. Contracts import only zod schemas: they are safe in the browser.
 * See docs/architecture.md, "HTTP adapter".
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** JSON (the default), `application/x-www-form-urlencoded`, or `multipart/form-data`. */
export type BodyKind = "json" | "form" | "multipart";

export type BodySpec<S extends z.ZodType = z.ZodType> = {
  kind: BodyKind;
  schema: S;
  /** The cap while streaming the body (413 above it). JSON bodies: 64 KB. */
  maxBytes: number;
  /** The 413 message (defaults to one naming the cap). */
  tooLarge?: string;
};

export const JSON_BODY_MAX_BYTES = 64 * 1024;

export const jsonBody = <S extends z.ZodType>(schema: S): BodySpec<S> => ({
  kind: "json",
  schema,
  maxBytes: JSON_BODY_MAX_BYTES,
});
export const formBody = <S extends z.ZodType>(
  schema: S,
  opts: { maxBytes: number; tooLarge?: string },
): BodySpec<S> => ({ kind: "form", schema, ...opts });
export const multipartBody = <S extends z.ZodType>(
  schema: S,
  opts: { maxBytes: number; tooLarge?: string },
): BodySpec<S> => ({
  kind: "multipart",
  schema,
  ...opts,
});

/** What a successful call answers: a JSON body (a schema), an HTML page, or an event stream. */
export type Produces =
  z.ZodType | "text/html" | "text/event-stream" | "application/pdf" | "text/csv";

/**
 * How errors are written: `plain` → `{message, code, errors?}`; `success` → the same plus
 * `success: false` (the public forms read `success`); `html` → the handler renders a page
 * (route() asks for `renderError`).
 */
export type Envelope = "plain" | "success" | "html";

export type Endpoint = {
  method: Method;
  /** OpenAPI style: `/api/orders/{id}`. Its `{names}` are exactly the keys of `params`. */
  path: string;
  /** Section of the API document (its description is in ./tags.ts). */
  tag: ApiTag;
  summary: string;
  description?: string;
  /**
   * `required`: 401 without a live session, and the handler gets the user. `staff`: the ops
   * console (docs/operations.md): 404, as an unknown address, to anyone but a signed-in staff
   * member, before anything else is checked; the handler gets the staff user.
   */
  auth: "required" | "none" | "staff";
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: BodySpec;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 202 | 303;
  response?: Produces;
  /** Errors the domain may answer, besides those route() adds (validation, 401, 403 cross-site, 404 path, 413, 415). */
  errors?: ErrorCode[];
  /** Other documented answers, e.g. `{200: "Already subscribed"}` next to a 201. */
  otherAnswers?: Record<number, string>;
  /** Accepts an `Idempotency-Key` header. */
  idempotencyKey?: boolean;
  /**
   * Moves money: a wallet, a farm's ledger, a payout or a card charge. Such a call takes an
   * `Idempotency-Key`, and the registry test walks every call that says so (docs/money.md).
   */
  moneyAction?: true;
  envelope?: Envelope;
  /**
   * "allowed": a mutation other sites may send (the RFC 8058 one-click unsubscribe a mail client
   * posts). Only for `auth: "none"` calls authorised by something in the URL, never by the cookie.
   */
  crossSite?: "allowed";
};

/** The description of a list paginated by cursor (lib/validators/page.ts). */
export const PAGED =
  'One page (`limit`, default 20, at most 100). When more rows follow, the answer carries `Link: <…?cursor=…>; rel="next"`: fetch that URL for the next page. A malformed cursor is 400.';

/** The path parameter of `/…/{id}`: the id of one `what` ("{what} not found" when no row has it). */
export const idParams = (what: string) => z.object({ id: idParam(what) });

/** My Farm calls: anyone but a farm account is refused (403); another farm's rows look unknown (404). */
export const farmerErrors = ["forbidden", "not_found"] as const satisfies readonly ErrorCode[];

/** The other answer of a report that `?format=csv` gives as a spreadsheet instead. */
export const CSV_ANSWER = { 200: "`text/csv` with `?format=csv`" };

/** Declares an endpoint (keeps the literal types, so handlers are typed from it). */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}
