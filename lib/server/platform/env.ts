import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Configuration, validated once at first use; a bad value fails with the variable's name. */
const schema = z.object({
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  APP_URL: z.string().url().optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  // Throttles (README "Security" lists them with what is logged on refusal).
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_ACCOUNT_FREE_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  LOGIN_ACCOUNT_DELAY_SECONDS: z.coerce.number().positive().default(1),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().positive().default(30),
  REGISTRATION_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(30),
  FORM_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  FORM_LIMIT_PER_EMAIL_HOUR: z.coerce.number().int().min(1).default(5),
  MESSAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MESSAGE_NEW_RECIPIENTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  STREAMS_PER_IP: z.coerce.number().int().min(1).default(20),
  STREAMS_MAX: z.coerce.number().int().min(1).default(1000),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  /** How long an instance may keep a resolved session in memory (PostgreSQL only; 0 turns the cache off). */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** How long an instance may keep a shared catalog list in memory (PostgreSQL only; 0 turns the cache off). */
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** Outgoing mail (docs/notifications.md): `smtp://user:pass@host:587`, `smtps://…`; unset → .eml files under DATA_DIR/mail. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Fieldfare <no-reply@fieldfare.example>"),
  /** Public unsubscribe calls per client address per hour. */
  UNSUBSCRIBE_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(60),
  /** Signed farm-share box links (skip, swaps) confirmed per client address per hour. */
  SHARE_LINK_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(60),
  // Account flows (docs/accounts.md): links asked for or used per client address, emails per
  // address, session sign-outs per user; all per hour.
  ACCOUNT_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  ACCOUNT_EMAILS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(3),
  SESSION_SIGNOUTS_PER_USER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * "on": every statement is a named prepared statement kept per PostgreSQL connection
   * (lib/server/platform/db.ts). "off" behind a pooler that cannot keep them (PgBouncer before 1.21 in
   * transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  /** Payments (docs/money.md, "Payment providers"): card top-ups and payouts through Stripe when set; the demo provider otherwise. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /**
   * `demo`: run the labelled demo provider in production on PostgreSQL without STRIPE_SECRET_KEY
   * (docs/money.md, "Payment providers"); without it such a deployment refuses to start.
   */
  PAYMENTS_PROVIDER: z.enum(["demo"]).optional(),
  /** Verifies POST /api/webhooks/stripe (the endpoint's signing secret, `whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host, e.g. `http://127.0.0.1:12111` (the tests' emulator). */
  STRIPE_API_URL: z.string().url().optional(),
  /** Fieldfare's commission on a completed order's goods, in basis points (800 = 8 %). */
  COMMISSION_BPS: z.coerce.number().int().min(0).max(10_000).default(800),
  /** The weekday payouts run (1 = Monday … 7 = Sunday), at 06:00 farm time. */
  PAYOUT_WEEKDAY: z.coerce.number().int().min(1).max(7).default(1),
  /** Earnings younger than this many days wait for the next payout. */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(60).default(2),
  /**
   * "on" only on the e2e server (scripts/e2e-server.ts): a signed cookie may then set a browser
   * context's business clock (lib/server/platform/clock.ts). Never on in production.
   */
  /**
   * Web Push (docs/notifications.md, "Push"): the VAPID key pair (base64url, as web-push's
   * generateVAPIDKeys writes them) and the contact the push services may write to (`mailto:` or
   * `https:`). Unset on the embedded default: generated once into DATA_DIR/vapid-keys.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
    .optional(),
  /**
   * Origins a browser's push subscription may point at, comma-separated, besides the browsers'
   * own push services (the tests' local push service).
   */
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  TEST_CLOCK: z.enum(["on", "off"]).default("off"),
  DATA_DIR: z.string().default(".data"),
  NODE_ENV: z.string().default("development"),
});

export type Env = z.infer<typeof schema>;
let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  return (cached = parsed.data);
}

/** Forget the parsed configuration (tests that change process.env between cases). */
export function resetEnvCache(): void {
  cached = undefined;
  vapid = undefined;
}

let secret: string | undefined;
/**
 * AUTH_SECRET is required with PostgreSQL in production. For the embedded default (and tests) a
 * random secret is generated once and kept in ./.data/auth-secret (mode 0600).
 */
export function authSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.AUTH_SECRET) return (secret = e.AUTH_SECRET);
  if (e.NODE_ENV === "production" && /^postgres/.test(e.DATABASE_URL ?? "")) {
    throw new Error(
      "AUTH_SECRET is required in production (generate one with: openssl rand -base64 32)",
    );
  }
  const file = path.resolve(e.DATA_DIR, "auth-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      secret = fresh;
    } catch {
      secret = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return secret;
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
let vapid: VapidKeys | null | undefined;
/**
 * The VAPID keys push messages are signed with, as AUTH_SECRET: from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, or, on the embedded default (and tests), a P-256 pair generated once into
 * ./.data/vapid-keys.json (mode 0600). Null in production on PostgreSQL without them: push is off
 * there (said once in the log) rather than the app refusing to start.
 */
export function vapidKeys(): VapidKeys | null {
  if (vapid !== undefined) return vapid;
  const e = env();
  const subject = e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY)
    return (vapid = { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject });
  if (e.NODE_ENV === "production" && /^postgres/.test(e.DATABASE_URL ?? "")) {
    console.warn(
      "[push] VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are off",
    );
    return (vapid = null);
  }
  const file = path.resolve(e.DATA_DIR, "vapid-keys.json");
  const read = () => JSON.parse(fs.readFileSync(file, "utf8")) as Omit<VapidKeys, "subject">;
  let keys: Omit<VapidKeys, "subject">;
  try {
    keys = read();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const jwk = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
      format: "jwk",
    });
    // The uncompressed point (0x04 ‖ x ‖ y) and the scalar, as browsers and web-push read them.
    const point = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url"),
    ]);
    const fresh = { publicKey: point.toString("base64url"), privateKey: jwk.d! };
    try {
      fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600, flag: "wx" });
      keys = fresh;
    } catch {
      keys = read(); // another process won the race
    }
  }
  return (vapid = { ...keys, subject });
}
