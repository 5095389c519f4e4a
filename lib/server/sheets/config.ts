import "server-only";
import fs from "node:fs";
import { z } from "zod";

/**
 * Google Sheets sync settings (docs/operations.md), validated once per worker. Read here rather than in
 * lib/server/platform/env.ts because the worker also runs as its own process (scripts/worker.ts) and tests
 * build several configurations side by side.
 */
export type ServiceAccount = { email: string; privateKey: string; tokenUrl?: string };

export type SheetsConfig = {
  /** Null when sync is off (no spreadsheet id or no service-account credentials). */
  spreadsheetId: string | null;
  serviceAccount: ServiceAccount | null;
  /** Why sync is off, for the one log line. */
  offReason: string | null;
  range: string;
  /** Sheets API root (an emulator in tests); undefined → Google's. */
  rootUrl?: string;
  requestTimeoutMs: number;
  batchSize: number;
  pollMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** After this many attempts a row is marked failed; it is still retried every failedRetryMs. */
  maxAttempts: number;
  failedRetryMs: number;
  /** How long POST /api/waitlist waits for the append before answering googleSheetsSuccess:false. */
  requestWaitMs: number;
};

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

const schema = z.object({
  GOOGLE_SHEETS_SPREADSHEET_ID: z.string().trim().optional(),
  GOOGLE_SHEETS_RANGE: z.string().trim().min(1).default("Waitlist!A:G"),
  GOOGLE_SHEETS_ROOT_URL: z.url().optional(),
  GOOGLE_SERVICE_ACCOUNT_EMAIL: z.string().trim().optional(),
  GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().trim().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  SHEETS_REQUEST_TIMEOUT_MS: int(10_000, 50),
  SHEETS_BATCH_SIZE: int(50, 1),
  SHEETS_POLL_MS: int(5_000, 10),
  SHEETS_BACKOFF_BASE_MS: int(1_000, 1),
  SHEETS_BACKOFF_MAX_MS: int(5 * 60_000, 1),
  SHEETS_MAX_ATTEMPTS: int(12, 1),
  SHEETS_FAILED_RETRY_MS: int(60 * 60_000, 1),
  SHEETS_SYNC_WAIT_MS: int(2_000, 0),
});

const blankToUndefined = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));

export function loadSheetsConfig(
  env: Record<string, string | undefined> = process.env,
): SheetsConfig {
  const parsed = schema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid Google Sheets configuration: ${issue.path.join(".")}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  const serviceAccount = readServiceAccount(e);
  const offReason = !e.GOOGLE_SHEETS_SPREADSHEET_ID
    ? "GOOGLE_SHEETS_SPREADSHEET_ID is not set"
    : !serviceAccount
      ? "no service-account credentials (set GOOGLE_SERVICE_ACCOUNT_EMAIL and GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY, or GOOGLE_APPLICATION_CREDENTIALS)"
      : null;
  return {
    spreadsheetId: offReason ? null : e.GOOGLE_SHEETS_SPREADSHEET_ID!,
    serviceAccount: offReason ? null : serviceAccount,
    offReason,
    range: e.GOOGLE_SHEETS_RANGE,
    rootUrl: e.GOOGLE_SHEETS_ROOT_URL,
    requestTimeoutMs: e.SHEETS_REQUEST_TIMEOUT_MS,
    batchSize: e.SHEETS_BATCH_SIZE,
    pollMs: e.SHEETS_POLL_MS,
    backoffBaseMs: e.SHEETS_BACKOFF_BASE_MS,
    backoffMaxMs: Math.max(e.SHEETS_BACKOFF_MAX_MS, e.SHEETS_BACKOFF_BASE_MS),
    maxAttempts: e.SHEETS_MAX_ATTEMPTS,
    failedRetryMs: e.SHEETS_FAILED_RETRY_MS,
    requestWaitMs: e.SHEETS_SYNC_WAIT_MS,
  };
}

export function syncEnabled(config: SheetsConfig): boolean {
  return config.offReason === null;
}

function readServiceAccount(e: z.infer<typeof schema>): ServiceAccount | null {
  if (e.GOOGLE_SERVICE_ACCOUNT_EMAIL && e.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY) {
    return {
      email: e.GOOGLE_SERVICE_ACCOUNT_EMAIL,
      // Keys pasted into .env files usually carry literal "\n" sequences.
      privateKey: e.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY.replace(/\\n/g, "\n"),
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
    };
  }
  if (e.GOOGLE_APPLICATION_CREDENTIALS) {
    let json: { client_email?: string; private_key?: string; token_uri?: string };
    try {
      json = JSON.parse(fs.readFileSync(e.GOOGLE_APPLICATION_CREDENTIALS, "utf8"));
    } catch (error) {
      throw new Error(
        `GOOGLE_APPLICATION_CREDENTIALS: cannot read a service-account JSON key (${(error as Error).message})`,
      );
    }
    if (!json.client_email || !json.private_key) {
      throw new Error(
        "GOOGLE_APPLICATION_CREDENTIALS: the JSON key has no client_email or private_key",
      );
    }
    return {
      email: json.client_email,
      privateKey: json.private_key,
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL ?? json.token_uri,
    };
  }
  return null;
}
