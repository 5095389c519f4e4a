/**
 * Production server: Next's request handler behind a plain node:http server, so that the client's
 * socket address reaches the app in `x-fieldfare-client-ip` (a header no client can set: it is
 * overwritten here) and a client-sent X-Forwarded-For is dropped unless TRUST_PROXY says a proxy
 * in front of us sets it. `next start` alone would keep a spoofed X-Forwarded-For. A malformed
 * request line (a broken %-escape, a dot segment, an unknown method) is answered here, before Next
 * parses it (lib/request-guard.ts).
 */
import http from "node:http";
import next from "next";
import { endpoints } from "../lib/contracts/index";
import { guardRequest, routeTable } from "../lib/request-guard";

/**
 * Where the server listens: `PORT` (3000) on `HOSTNAME`, or on every interface without it, as
 * Next's own server reads them (`HOSTNAME=127.0.0.1` behind a proxy on the same machine).
 */
export function listenFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return { port: Number(env.PORT ?? 3000), hostname: env.HOSTNAME || "0.0.0.0" };
}

export async function serve(opts: {
  port: number;
  hostname?: string;
  dir?: string;
  quiet?: boolean;
}) {
  const app = next({
    dev: false,
    dir: opts.dir ?? process.cwd(),
    port: opts.port,
    hostname: !opts.hostname || opts.hostname === "0.0.0.0" ? "localhost" : opts.hostname,
  });
  const handle = app.getRequestHandler();
  await app.prepare();
  const trustProxy = Number(process.env.TRUST_PROXY ?? 0) > 0;
  const routes = routeTable(endpoints);
  const server = http.createServer((req, res) => {
    const refused = guardRequest(req.method ?? "GET", req.url ?? "/", routes);
    if (refused) {
      res.writeHead(refused.status, refused.headers);
      res.end(req.method === "HEAD" ? undefined : refused.body);
      return;
    }
    req.headers["x-fieldfare-client-ip"] = req.socket.remoteAddress ?? "unknown";
    if (!trustProxy) {
      delete req.headers["x-forwarded-for"];
      delete req.headers["x-forwarded-proto"];
      delete req.headers["x-forwarded-host"];
    }
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) =>
    server.listen(opts.port, opts.hostname ?? "0.0.0.0", resolve),
  );
  if (!opts.quiet) console.log(`Fieldfare is ready on ${readyUrl(opts)}`);
  return server;
}

/** The address to open: localhost when listening everywhere, else the host it listens on. */
export function readyUrl({ port, hostname }: { port: number; hostname?: string }) {
  const host = !hostname || hostname === "0.0.0.0" ? "localhost" : hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve(listenFromEnv());
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
