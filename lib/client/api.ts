import { isErrorCode, type ErrorCode } from "@/lib/contracts/errors";

/**
 * Browser-side calls to our /api: credentials included, JSON bodies, and a non-OK answer becomes
 * an ApiError. Screens decide by `code` (lib/contracts/errors.ts), never by the message text;
 * `serverMessage` is the server's sentence for people, `errors` its per-field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    readonly errors?: Record<string, string>,
    /** The error's stable code; "internal" when the answer was not our JSON (a proxy's page, a network error page). */
    readonly code: ErrorCode = "internal",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A non-OK answer as an ApiError: our `{message, code, errors?}` when it is that, else the raw text. */
export function apiErrorFrom(status: number, statusText: string, text: string): ApiError {
  let serverMessage: string | undefined;
  let errors: Record<string, string> | undefined;
  let code: ErrorCode | undefined;
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      code?: unknown;
      errors?: Record<string, string>;
    };
    if (typeof body.message === "string") serverMessage = body.message;
    if (isErrorCode(body.code)) code = body.code;
    errors = body.errors;
  } catch {
    /* not JSON */
  }
  return new ApiError(status, `${status}: ${text || statusText}`, serverMessage, errors, code);
}

export async function apiFetch<T = unknown>(
  path: string,
  init: RequestInit & { json?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const { json, idempotencyKey, headers, ...rest } = init;
  const h = new Headers(headers);
  if (json !== undefined) h.set("content-type", "application/json");
  if (idempotencyKey) h.set("idempotency-key", idempotencyKey);
  const res = await fetch(path, {
    credentials: "include",
    ...rest,
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Whether `error` is an API error with this code. */
export function hasCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The message to show a person: the server's `message` when present, else a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
