/**
 * Route files and contracts cannot drift: every app/api/**\/route.ts exports exactly the
 * `handlers(...)` set (GET, POST, PUT, PATCH, DELETE, OPTIONS), every real handler is a route()
 * with a contract whose method and path match the file, and the registry behind the API document
 * (lib/contracts/index.ts) lists exactly those contracts. Adding an endpoint without its contract
 * (or forgetting the registry) fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { METHODS, type Endpoint } from "@/lib/contracts/endpoint";
import { endpoints } from "@/lib/contracts/index";
import type { RouteHandler } from "@/lib/server/http/route";

const root = path.resolve(import.meta.dirname, "../..");
const apiDir = path.join(root, "app/api");
/** Next's route segment config: allowed beside the handlers. */
const CONFIG_EXPORTS = new Set([
  "dynamic",
  "runtime",
  "revalidate",
  "fetchCache",
  "maxDuration",
  "preferredRegion",
  "dynamicParams",
]);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(p);
    return /^route\.(ts|tsx)$/.test(d.name) ? [p] : [];
  });
}

/** app/api/orders/[id]/cancel/route.ts → /api/orders/{id}/cancel */
function apiPath(file: string): string {
  const rel = path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep);
  return (
    "/" +
    rel
      .filter((s) => !/^\(.*\)$/.test(s))
      .map((s) => s.replace(/^\[(\w+)\]$/, "{$1}"))
      .join("/")
  );
}

const files = routeFiles(apiDir);

describe("every route file is registered with contracts, and the registry matches", () => {
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it("each file exports the handlers() set; each real handler's contract matches its method and path; the registry lists exactly those", async () => {
    const problems: string[] = [];
    const served = new Map<Endpoint, string>();
    for (const file of files) {
      const rel = path.relative(root, file);
      const mod = (await import(file)) as Record<string, unknown>;
      const names = Object.keys(mod);
      for (const name of names)
        if (![...METHODS, "OPTIONS"].includes(name) && !CONFIG_EXPORTS.has(name))
          problems.push(`${rel}: unexpected export ${name}`);
      for (const method of [...METHODS, "OPTIONS"])
        if (typeof mod[method] !== "function")
          problems.push(`${rel}: missing ${method} (export the handlers(...) set)`);
      const catchAll = rel.includes("[[...");
      for (const method of METHODS) {
        const h = mod[method] as RouteHandler | undefined;
        if (!h) continue;
        if (catchAll) {
          if (h.filler !== "404")
            problems.push(`${rel}: ${method} should answer the unknown-path 404`);
          continue;
        }
        if (h.filler === "405") continue;
        if (!h.endpoint) {
          problems.push(`${rel}: ${method} is not a route(contract, handler)`);
          continue;
        }
        if (h.endpoint.method !== method)
          problems.push(`${rel}: ${method} serves a ${h.endpoint.method} contract`);
        if (h.endpoint.path !== apiPath(file))
          problems.push(`${rel}: ${method} contract path ${h.endpoint.path} ≠ ${apiPath(file)}`);
        if (!endpoints.includes(h.endpoint))
          problems.push(
            `${rel}: ${method} ${h.endpoint.path} is missing from lib/contracts/index.ts`,
          );
        if (served.has(h.endpoint))
          problems.push(
            `${rel}: ${method} ${h.endpoint.path} is also served by ${served.get(h.endpoint)}`,
          );
        served.set(h.endpoint, rel);
      }
      if (!catchAll && mod.OPTIONS && (mod.OPTIONS as RouteHandler).filler !== "options")
        problems.push(`${rel}: OPTIONS is not handlers()'s`);
    }
    for (const e of endpoints)
      if (!served.has(e)) problems.push(`registry: ${e.method} ${e.path} has no route file`);
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const k of new Set(keys))
      if (keys.filter((x) => x === k).length > 1) problems.push(`registry: ${k} declared twice`);
    expect(problems).toEqual([]);
    expect(served.size).toBe(endpoints.length);
  });

  it("path parameters are exactly the {names} in the contract's path", () => {
    const problems: string[] = [];
    for (const e of endpoints) {
      const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(e.params?.shape ?? {}).sort();
      if (JSON.stringify(inPath) !== JSON.stringify(declared))
        problems.push(`${e.method} ${e.path}: params ${declared.join(",") || "none"}`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The calls that move money: a wallet, a farm's ledger, a payout, or what decides one (a card to
 * accept or decline, a payout hold). Not here: the Stripe webhook (Stripe sends no
 * Idempotency-Key; the event id is its key, docs/money.md) and "Set up payouts" (it creates the
 * farm's connected account, once per farm at Stripe, and moves nothing).
 */
const MONEY_CALLS = [
  "POST /api/transactions/topup",
  "POST /api/orders",
  "PATCH /api/orders/{id}",
  "POST /api/orders/{id}/cancel",
  "POST /api/my-farm/orders/{id}/adjustments",
  "POST /api/orders/{id}/adjustments/{aid}/accept",
  "POST /api/orders/{id}/adjustments/{aid}/decline",
  "POST /api/invoices/{id}/pay",
  "POST /api/my-farm/orders/{id}/complete",
  "POST /api/my-farm/orders/{id}/undo-complete",
  "POST /api/ops/people/{id}/wallet-adjustments",
  "POST /api/ops/people/{id}/wallet-holds/{stripeId}/release",
  "POST /api/ops/payouts/{id}/paid",
  "PUT /api/ops/farms/{id}/payout-hold",
  "POST /api/shares/{planId}/members",
  "POST /api/me/shares/{id}/skip",
  "DELETE /api/me/shares/{id}/skip",
  "DELETE /api/me/shares/{id}",
  "POST /api/share-links/{token}",
];

describe("every call that moves money takes an Idempotency-Key", () => {
  const name = (e: Endpoint) => `${e.method} ${e.path}`;

  it("each money call is marked moneyAction in its contract, and only those", () => {
    expect(
      endpoints
        .filter((e) => e.moneyAction)
        .map(name)
        .sort(),
    ).toEqual([...MONEY_CALLS].sort());
  });

  it("each moneyAction declares the key and its 409, and its route hands the key to the domain", async () => {
    const names = await contractNames();
    const problems: string[] = [];
    for (const e of endpoints.filter((x) => x.moneyAction)) {
      if (e.method === "GET") problems.push(`${name(e)}: a GET cannot move money`);
      if (e.idempotencyKey !== true) problems.push(`${name(e)}: no idempotencyKey: true`);
      if (!e.errors?.includes("idempotency_key_reused"))
        problems.push(`${name(e)}: idempotency_key_reused is not among its errors`);
      const file = files.find((f) => apiPath(f) === e.path);
      const source = file ? fs.readFileSync(file, "utf8") : "";
      // The handler of this method passes `idempotencyKey` on (route() validates it, the domain honours it).
      const handler = source.split(/route\(/).find((part) => part.startsWith(`${names.get(e)},`));
      if (!handler?.includes("idempotencyKey"))
        problems.push(`${name(e)}: its route does not pass idempotencyKey to the domain`);
    }
    expect(problems).toEqual([]);
  });
});

/** Each contract's name as route files spell it (`ordersApi.cancel`), from every lib/contracts module. */
async function contractNames(): Promise<Map<Endpoint, string>> {
  const dir = path.join(root, "lib/contracts");
  const out = new Map<Endpoint, string>();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".ts"))) {
    const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
    for (const [group, value] of Object.entries(mod))
      if (group.endsWith("Api") && value && typeof value === "object")
        for (const [k, e] of Object.entries(value as Record<string, Endpoint>))
          out.set(e, `${group}.${k}`);
  }
  return out;
}
