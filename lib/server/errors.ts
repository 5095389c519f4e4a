/** The one error type a domain function throws; lib/server/http/route.ts maps it to HTTP. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError(400, message, fieldErrors);
export const unauthorized = (message = "Not signed in") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: FieldErrors) => new AppError(409, message, fieldErrors);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many attempts. Please try again later.") =>
  new AppError(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
