import { expect } from "vitest";
/** Calls a route handler with a real Request, as Next would (no server, no mocks of our code). */
type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export const ORIGIN = "http://localhost:3000";

export type CallOptions = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  params?: Record<string, string>;
  ip?: string;
};

export async function call(handler: Handler, path: string, opts: CallOptions = {}) {
  const method =
    opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET");
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "x-fieldfare-client-ip": opts.ip ?? "127.0.0.1",
    ...opts.headers,
  };
  if (
    opts.body !== undefined &&
    !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")
  )
    headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  if (method !== "GET" && !Object.keys(headers).some((h) => h.toLowerCase() === "origin"))
    headers.origin = ORIGIN;
  const req = new Request(ORIGIN + path, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    headers: res.headers,
    text,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json: json as any,
    setCookie: res.headers.get("set-cookie"),
  };
}

/** "name=value" from a Set-Cookie header, ready to send back. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0];
}

/** An error answer: its status and the `code` and `message` of its JSON body. */
export function expectError(
  res: { status: number; json: { code?: string; message?: string } },
  status: number,
  code: string,
  message: string,
) {
  expect([res.status, res.json.code, res.json.message]).toEqual([status, code, message]);
}

/** An answer's status and the `message` of its JSON body. */
export function expectMessage(
  res: { status: number; json: { message?: string } },
  status: number,
  message: string,
) {
  expect([res.status, res.json.message]).toEqual([status, message]);
}
