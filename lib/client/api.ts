/**
 * Browser-side calls to our /api (spec §7): credentials included, JSON bodies, and a non-OK answer
 * becomes an ApiError whose message is "{status}: {response text or status text}". `serverMessage`
 * holds the JSON body's `message` when there is one (spec §5 "Auth errors").
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function apiFetch<T = unknown>(path: string, init: RequestInit & { json?: unknown; idempotencyKey?: string } = {}): Promise<T> {
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
  if (!res.ok) {
    let serverMessage: string | undefined;
    let errors: Record<string, string> | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string> };
      if (typeof body.message === "string") serverMessage = body.message;
      errors = body.errors;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverMessage, errors);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The message to show a person: the server's `message` when present, else a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
