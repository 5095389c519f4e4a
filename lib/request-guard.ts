/**
 * The requests the server refuses before Next routes them (scripts/serve.ts, which sees the raw
 * request line): a path with a broken %-escape (`/api/orders/%zz`), a `.` or `..` segment, raw or
 * escaped (`/api/%2e%2e/health`, which URL parsing would turn into `/health` and answer with an
 * HTML page), and a method outside GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS (`TRACE`).
 * Under /api the answer is the API's JSON error: 400 `validation`, or 405 `method_not_allowed`
 * with the `Allow` of that address taken from the contract registry (an unknown /api address,
 * and a staff one, is the usual JSON 404); elsewhere the same statuses in plain text. See docs/architecture.md,
 * "HTTP adapter". No `server-only`: the plain Node server imports it.
 */
export const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export type GuardRoute = { method: string; path: string; auth?: string };
export type GuardRefusal = { status: number; headers: Record<string, string>; body: string };

/** One regex per contract path (`/api/orders/{id}` → one segment per `{…}`), with its methods. */
export function routeTable(routes: readonly GuardRoute[]) {
  const byPath = new Map<string, Set<string>>();
  const staff = new Set<string>();
  for (const r of routes) {
    byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method));
    if (r.auth === "staff") staff.add(r.path);
  }
  // Static paths first, as Next routes them: /payouts/connect before /payouts/{id}.
  const params = (path: string) => path.split("{").length;
  return [...byPath]
    .sort(([a], [b]) => params(a) - params(b))
    .map(([path, methods]) => ({
      regex: new RegExp(
        `^${path
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]+")}$`,
      ),
      methods,
      staffOnly: staff.has(path),
    }));
}

const ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** `Allow` as handlers() writes it (lib/server/http/route.ts): the methods, HEAD with GET, OPTIONS. */
export function allowOf(methods: ReadonlySet<string>): string {
  const listed = ORDER.filter((m) => methods.has(m));
  return [...listed, ...(methods.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

const API_PATH = /^\/api(\/|$)/;

function refusal(
  api: boolean,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): GuardRefusal {
  const headers = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...extra,
  };
  return api
    ? {
        status,
        headers: { ...headers, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ message, code }),
      }
    : {
        status,
        headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
        body: message,
      };
}

/** The refusal for this request line, or null when Next may have it. */
export function guardRequest(
  method: string,
  rawUrl: string,
  table: ReturnType<typeof routeTable>,
): GuardRefusal | null {
  // A proxy may send the absolute form (`GET http://host/path`): only the path counts.
  const target = rawUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const path = target.split(/[?#]/, 1)[0];
  const api = API_PATH.test(path);
  if (!path.startsWith("/"))
    return refusal(api, 400, "validation", "The address must be a path starting with /");
  for (const segment of path.split("/")) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return refusal(api, 400, "validation", "The address has a malformed %-escape");
    }
    if (text === "." || text === "..")
      return refusal(api, 400, "validation", "The address may not contain . or .. segments");
  }
  if (KNOWN_METHODS.includes(method)) return null;
  if (!api)
    return refusal(false, 405, "method_not_allowed", `${method} is not allowed here`, {
      Allow: "GET, HEAD, OPTIONS",
    });
  const route = table.find((r) => r.regex.test(path));
  // A staff address tells no one which methods it takes (docs/operations.md).
  if (!route || route.staffOnly)
    return refusal(true, 404, "not_found", "No API endpoint at this address");
  const allow = allowOf(route.methods);
  return refusal(
    true,
    405,
    "method_not_allowed",
    `${method} is not allowed here (allowed: ${allow})`,
    { Allow: allow },
  );
}
