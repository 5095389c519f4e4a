import "server-only";
import { auth as googleAuth, sheets } from "@googleapis/sheets";
import { idColumnRange, rowRange } from "./a1";
import type { SheetsConfig } from "./config";

/** The two Sheets calls the worker needs, over Google's official client (docs/architecture.md, docs/operations.md). */
export type SheetsApi = {
  /** Appends rows (RAW) and returns the A1 range Google reports as written. */
  append(rows: string[][]): Promise<{ updatedRange: string }>;
  /** Submission id → the A1 range of the row that carries it. */
  readIds(): Promise<Map<string, string>>;
};

const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const SCOPES = ["https://www.googleapis.com/auth/spreadsheets"];

export function createSheetsApi(config: SheetsConfig): SheetsApi {
  const { spreadsheetId, serviceAccount } = config;
  if (!spreadsheetId || !serviceAccount)
    throw new Error(`Google Sheets sync is off: ${config.offReason}`);

  // google-auth-library's JWT, taken from the copy @googleapis/sheets itself is built against.
  const jwt = new googleAuth.JWT({
    email: serviceAccount.email,
    key: serviceAccount.privateKey,
    scopes: SCOPES,
  });
  const tokenUrl = serviceAccount.tokenUrl;
  jwt.transporter.interceptors.request.add({
    resolved: async (req) => {
      if (String(req.url) === GOOGLE_TOKEN_URL) {
        // The JWT client hard-codes Google's token endpoint; a key's token_uri or
        // GOOGLE_OAUTH_TOKEN_URL (an emulator in tests) overrides it.
        if (tokenUrl) req.url = new URL(tokenUrl);
        // Our worker owns retries and backoff; the library's own retry loop would stall a batch.
        req.retryConfig = { ...req.retryConfig, retry: 0 };
        req.timeout ??= config.requestTimeoutMs;
      }
      return req;
    },
  });

  const api = sheets({
    version: "v4",
    auth: jwt,
    ...(config.rootUrl ? { rootUrl: config.rootUrl } : {}),
    timeout: config.requestTimeoutMs,
    retry: false,
  });

  return {
    async append(rows) {
      const res = await api.spreadsheets.values.append({
        spreadsheetId,
        range: config.range,
        valueInputOption: "RAW",
        insertDataOption: "INSERT_ROWS",
        requestBody: { majorDimension: "ROWS", values: rows },
      });
      const updatedRange = res.data.updates?.updatedRange;
      if (!updatedRange) throw new Error("Sheets append answered without updates.updatedRange");
      return { updatedRange };
    },
    async readIds() {
      const res = await api.spreadsheets.values.get({
        spreadsheetId,
        range: idColumnRange(config.range),
        majorDimension: "ROWS",
        valueRenderOption: "UNFORMATTED_VALUE",
      });
      const ids = new Map<string, string>();
      // A whole-column range ("G:G") starts at row 1, so index i is sheet row i + 1.
      (res.data.values ?? []).forEach((cells, i) => {
        const id = cells?.[0];
        if (typeof id === "string" && id && !ids.has(id))
          ids.set(id, rowRange(config.range, i + 1));
      });
      return ids;
    },
  };
}

/** A short, log-safe description of a failed call, plus Google's Retry-After when it sent one. */
export function describeSheetsError(error: unknown): { message: string; retryAfterMs?: number } {
  const e = error as {
    status?: number;
    code?: string | number;
    message?: string;
    response?: { status?: number; headers?: Headers | Record<string, string> };
  };
  const status = e.status ?? e.response?.status;
  const headers = e.response?.headers;
  const retryAfter =
    headers instanceof Headers ? headers.get("retry-after") : headers?.["retry-after"];
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  const detail = String(e.message ?? error)
    .split("\n")[0]
    .slice(0, 300);
  const message = status ? `HTTP ${status}: ${detail}` : `${e.code ? `${e.code}: ` : ""}${detail}`;
  return {
    message,
    retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
  };
}
