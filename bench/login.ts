/**
 * Login latency: median and p95 of POST /api/login through the real route handler (argon2id with
 * the production parameters included), on a fresh in-memory PGlite or PostgreSQL database.
 * Baseline in the same run: one bare argon2id verify, so the ratio shows what the rest costs.
 * Run: node --import tsx --conditions=react-server bench/login.ts
 */
import { freshPostgres, migrationSql, progress, summarize, writeResult } from "./support";

const N = Number(process.env.BENCH_LOGINS ?? 60);
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
const pgDb = process.env.BENCH_PGLITE === "1" ? null : await freshPostgres("ff_bench_login");
process.env.DATABASE_URL = pgDb?.url ?? "pglite:memory";

const { db, embeddedPglite, closeDb } = await import("@/lib/server/platform/db");
if (!pgDb) await embeddedPglite()!.exec(migrationSql());
else {
  const c = new (await import("pg")).default.Client({ connectionString: pgDb.url });
  await c.connect();
  await c.query(migrationSql());
  await c.end();
}
const { hashPassword, verifyPassword } = await import("@/lib/server/auth/password");
const { POST } = await import("@/app/api/login/route");

const password = "bench-password-2026";
const hash = await hashPassword(password);
await db.user.create({
  data: {
    email: "bench@example.test",
    username: "bench",
    fullName: "Bench User",
    passwordHash: hash,
  },
});

const verifyMs: number[] = [];
const loginMs: number[] = [];
for (let i = 0; i < N; i++) {
  let t = performance.now();
  await verifyPassword(hash, password);
  verifyMs.push(performance.now() - t);
  t = performance.now();
  const res = await POST(
    new Request("http://localhost:3000/api/login", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "localhost:3000",
        "x-fieldfare-client-ip": "127.0.0.1",
      },
      body: JSON.stringify({ username: i % 2 ? "bench@example.test" : "bench", password }),
    }),
  );
  loginMs.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  progress("logins", i + 1, N);
}
const login = summarize(loginMs);
const verify = summarize(verifyMs);
const result = {
  database: pgDb ? "postgresql" : "pglite",
  logins: N,
  loginMs: login,
  argon2VerifyMs: verify,
  ratioLoginToVerifyP50: login.p50 / verify.p50,
};
console.log(
  `login p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms (argon2id verify alone p50 ${verify.p50.toFixed(1)} ms; ratio ${result.ratioLoginToVerifyP50.toFixed(2)}) on ${result.database}`,
);
writeResult("login", result);
await closeDb();
await pgDb?.drop();
