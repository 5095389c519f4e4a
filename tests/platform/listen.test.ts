/**
 * Where the production server listens (scripts/serve.ts, which `npm start` runs through
 * listenFromEnv): `HOSTNAME=127.0.0.1` keeps it off every other interface; without HOSTNAME it
 * answers on all of them. A real server process on the production build, probed over TCP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureBuild, freePort } from "../messages/support/app-instance";

const root = path.resolve(import.meta.dirname, "../..");
/** This machine's own non-loopback IPv4 addresses: where a 0.0.0.0 server also answers. */
const external = Object.values(os.networkInterfaces())
  .flat()
  .filter((a) => a && a.family === "IPv4" && !a.internal)
  .map((a) => a!.address);

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts scripts/serve.ts with `env` and resolves with its port once it says it is ready. */
async function start(env: Record<string, string>) {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-listen-"));
  const inherited = { ...process.env };
  delete inherited.HOSTNAME;
  child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      // Nothing opens the database until a request does; none is sent.
      DATABASE_URL: `pglite:${dataDir}`,
      AUTH_SECRET: "listen-test-secret-listen-test-secret",
      NEXT_DIST_DIR: DIST_DIR,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 60_000);
    const read = (d: Buffer) => {
      output += d;
      if (/is ready on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child!.stdout!.on("data", read);
    child!.stderr!.on("data", read);
    child!.once("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  return { port, output };
}

describe.skipIf(external.length === 0)("where the server listens", () => {
  // A fresh clone builds here first (minutes on two cores), outside the tests' own timeouts.
  beforeAll(() => ensureBuild(), 900_000);

  it("HOSTNAME=127.0.0.1: on loopback only, and says so", { timeout: 120_000 }, async () => {
    const { port, output } = await start({ HOSTNAME: "127.0.0.1" });
    expect(await canConnect("127.0.0.1", port)).toBe(true);
    for (const address of external) expect(await canConnect(address, port), address).toBe(false);
    expect(output).toContain(`Fieldfare is ready on http://127.0.0.1:${port}`);
  });

  it("without HOSTNAME: on every interface", { timeout: 120_000 }, async () => {
    const { port, output } = await start({});
    expect(output).toContain(`Fieldfare is ready on http://localhost:${port}`);
    expect(await canConnect("127.0.0.1", port)).toBe(true);
    for (const address of external) expect(await canConnect(address, port), address).toBe(true);
  });
});
