import { ERROR_STATUS, type ErrorCode } from "@/lib/contracts/errors";

/**
 * The one error type a domain function throws. It names what went wrong (`code`, from
 * lib/contracts/errors.ts) and says it to a person (`message`); the HTTP status comes from the code
 * table, never from the domain. lib/server/http/route.ts turns it into `{message, code, errors?}`.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError("validation", message, { fieldErrors });
export const unauthorized = (message = "Not signed in") => new AppError("unauthenticated", message);
export const forbidden = (message = "Forbidden") => new AppError("forbidden", message);
export const notFound = (message = "Not found") => new AppError("not_found", message);
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError("conflict", message, { fieldErrors });
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = "Too many attempts. Please try again later.",
) =>
  new AppError("rate_limited", message, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** True when `error` is an AppError with that code (pages use it to turn not_found into a 404 page). */
export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
