/**
 * What reading a session costs per request, in-process (docs/decisions/001-sessions.md): an
 * Auth.js v5 style cookie (a JWE, `dir` + A256CBC-HS512, its key derived with HKDF-SHA256 on every
 * decode; its `auth()` also encrypts a fresh cookie) rebuilt on node:crypto, against ours (the
 * SHA-256 of an opaque id, then a lookup in a Map as the session cache does). No database: the
 * row check both need on a cache miss is left out of both.
 *   flock /work/heavy.lock node --import tsx bench/session-decode.ts
 */
import crypto from "node:crypto";
import os from "node:os";

const RUNS = 5;
const N = Number(process.env.BENCH_SESSION_READS ?? 20_000);
const secret = crypto.randomBytes(32).toString("base64");
const salt = "authjs.session-token";
const b64u = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const deriveKey = () =>
  Buffer.from(
    crypto.hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64),
  );

/** The JWE tag: HMAC-SHA-512 over the header, the IV, the ciphertext and the header's bit length. */
function tagOf(key: Buffer, header: string, iv: Buffer, ciphertext: Buffer): Buffer {
  const bits = Buffer.alloc(8);
  bits.writeBigUInt64BE(BigInt(header.length * 8));
  return crypto
    .createHmac("sha512", key.subarray(0, 32))
    .update(Buffer.concat([Buffer.from(header), iv, ciphertext, bits]))
    .digest()
    .subarray(0, 32);
}

function encrypt(payload: object, key: Buffer): string {
  const header = b64u(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512" }));
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv("aes-256-cbc", key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
  return [header, "", b64u(iv), b64u(ciphertext), b64u(tagOf(key, header, iv, ciphertext))].join(
    ".",
  );
}

function decrypt(token: string, key: Buffer): { sid: string; exp: number } {
  const [header, , ivText, ciphertextText, tagText] = token.split(".");
  const iv = Buffer.from(ivText, "base64url");
  const ciphertext = Buffer.from(ciphertextText, "base64url");
  if (
    !crypto.timingSafeEqual(tagOf(key, header, iv, ciphertext), Buffer.from(tagText, "base64url"))
  )
    throw new Error("bad tag");
  const decipher = crypto.createDecipheriv("aes-256-cbc", key.subarray(32), iv);
  const payload = JSON.parse(
    Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString(),
  );
  if (payload.exp < Date.now() / 1000) throw new Error("expired");
  return payload;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const sid = crypto.randomBytes(32).toString("base64url");
const now = Math.floor(Date.now() / 1000);
const claims = { sid, sub: "42", name: "Demo Shopper", email: "demo@fieldfare.app", iat: now };
const jwe = encrypt({ ...claims, exp: now + 30 * 86_400, jti: crypto.randomUUID() }, deriveKey());
const cache = new Map<string, { userId: number }>();
for (let i = 0; i < 1000; i++)
  cache.set(sha256(crypto.randomBytes(32).toString("base64url")), { userId: i });
cache.set(sha256(sid), { userId: 42 });

function timePerCall(fn: () => unknown): { median: number; runs: number[] } {
  for (let i = 0; i < N / 10; i++) fn();
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < N; i++) fn();
    runs.push(Number(process.hrtime.bigint() - start) / N / 1000);
  }
  return { median: [...runs].sort((a, b) => a - b)[RUNS >> 1], runs };
}

const cases: [string, () => unknown][] = [
  ["Auth.js-style decode", () => decrypt(jwe, deriveKey()).sid],
  [
    "Auth.js-style decode and re-issue",
    () =>
      encrypt({ ...decrypt(jwe, deriveKey()), iat: Math.floor(Date.now() / 1000) }, deriveKey()),
  ],
  ["ours: SHA-256 and the cache", () => cache.get(sha256(sid))?.userId],
];
console.log(
  `Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}, ${RUNS} runs of ${N}`,
);
for (const [name, fn] of cases) {
  const { median, runs } = timePerCall(fn);
  console.log(`${name}: ${median.toFixed(1)} µs (${runs.map((r) => r.toFixed(1)).join(", ")})`);
}
console.log(`cookie bytes: Auth.js-style ${jwe.length}, ours ${sid.length}`);
