import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small Google Sheets v4 emulator over real HTTP, enough for the official client:
 * - POST /token            OAuth2 JWT-bearer grant → a fake access token (the assertion's RS256
 *                          signature is checked when a public key is given)
 * - POST /v4/spreadsheets/{id}/values/{range}:append   stores rows, answers updates.updatedRange
 * - GET  /v4/spreadsheets/{id}/values/{range}          a column or block of the stored rows
 * Failure injection (seeded, so runs are repeatable): 429, 500 and hang-until-the-client-gives-up,
 * before storing, and 500 / hang AFTER storing the rows (the case that tempts a client to write
 * twice). stop() and start() again keep the port and the sheet.
 */
export type FailureRates = {
  rate429?: number;
  rate500?: number;
  rateHang?: number;
  rate500AfterStore?: number;
  rateHangAfterStore?: number;
};

const DECK = 20;

type Fault = "429" | "500" | "hang" | "500-after-store" | "hang-after-store" | null;

export class SheetsEmulator {
  readonly spreadsheetId: string;
  /** sheet name → rows (each a list of cell strings), row 1 first. */
  readonly sheets = new Map<string, string[][]>();
  readonly stats = {
    token: 0,
    append: 0,
    get: 0,
    faults: { "429": 0, "500": 0, hang: 0, "500-after-store": 0, "hang-after-store": 0 },
  };
  private failures: FailureRates = {};
  private server: http.Server | null = null;
  private port = 0;
  private readonly tokens = new Set<string>();
  private readonly hung = new Set<http.ServerResponse>();
  private random: () => number;

  constructor(
    opts: { spreadsheetId?: string; publicKey?: crypto.KeyObject | string; seed?: number } = {},
  ) {
    this.spreadsheetId = opts.spreadsheetId ?? "emulated-spreadsheet";
    this.publicKey = opts.publicKey;
    this.random = mulberry32(opts.seed ?? 42);
  }
  private readonly publicKey?: crypto.KeyObject | string;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  rows(sheet = "Waitlist"): string[][] {
    return this.sheets.get(sheet) ?? [];
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses connections from now on; hung requests are cut off. The stored sheet survives. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const res of this.hung) res.socket?.destroy();
    this.hung.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /**
   * Faults are dealt from a seeded, shuffled deck of 20 outcomes built from the rates (0.3 in total
   * → 6 failures in every 20 calls), so every kind shows up in each block of 20 calls.
   */
  private fault(kind: "append" | "get"): Fault {
    if (this.deck.length === 0) this.deck = this.deal();
    let fault = this.deck.pop()!;
    if (kind === "get" && fault === "500-after-store") fault = "500";
    if (kind === "get" && fault === "hang-after-store") fault = "hang";
    if (fault) this.stats.faults[fault] += 1;
    return fault;
  }

  private deck: Fault[] = [];
  private deal(): Fault[] {
    const f = this.failures;
    const deck: Fault[] = [];
    const add = (fault: Fault, rate = 0) =>
      deck.push(...Array<Fault>(Math.round(rate * DECK)).fill(fault));
    add("429", f.rate429);
    add("500", f.rate500);
    add("hang", f.rateHang);
    add("500-after-store", f.rate500AfterStore);
    add("hang-after-store", f.rateHangAfterStore);
    while (deck.length < DECK) deck.push(null);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  }

  /** Sets the failure mix (fractions of calls); takes effect from the next call. */
  setFailures(rates: FailureRates) {
    this.failures = rates;
    this.deck = [];
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://emulator");
    try {
      if (req.method === "POST" && url.pathname === "/token") return this.token(body, res);
      const m = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:append)?$/.exec(url.pathname);
      if (!m)
        return send(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!this.tokens.has(token))
        return send(res, 401, {
          error: {
            code: 401,
            message: "Request had invalid authentication credentials.",
            status: "UNAUTHENTICATED",
          },
        });
      const [, id, rawRange, append] = m;
      if (decodeURIComponent(id) !== this.spreadsheetId)
        return send(res, 404, {
          error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" },
        });
      const range = decodeURIComponent(rawRange);
      if (append && req.method === "POST") return this.append(range, url, body, res);
      if (!append && req.method === "GET") return this.get(range, res);
      return send(res, 405, { error: { code: 405, message: "Method not allowed" } });
    } catch (error) {
      return send(res, 400, {
        error: { code: 400, message: (error as Error).message, status: "INVALID_ARGUMENT" },
      });
    }
  }

  private token(body: string, res: http.ServerResponse) {
    this.stats.token += 1;
    const form = new URLSearchParams(body);
    const assertion = form.get("assertion") ?? "";
    if (
      form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" ||
      !verifyJwt(assertion, this.publicKey)
    ) {
      return send(res, 400, {
        error: "invalid_grant",
        error_description: "Invalid JWT Signature.",
      });
    }
    const accessToken = "emu-" + crypto.randomBytes(12).toString("hex");
    this.tokens.add(accessToken);
    return send(res, 200, { access_token: accessToken, expires_in: 3600, token_type: "Bearer" });
  }

  private append(range: string, url: URL, body: string, res: http.ServerResponse) {
    this.stats.append += 1;
    if (url.searchParams.get("valueInputOption") !== "RAW")
      throw new Error("valueInputOption must be RAW");
    const fault = this.fault("append");
    if (this.failBefore(fault, res)) return;
    const values = (JSON.parse(body) as { values?: unknown[][] }).values ?? [];
    const { sheet, startCol } = parseRange(range);
    const rows = this.sheets.get(sheet) ?? [];
    this.sheets.set(sheet, rows);
    const first = rows.length + 1;
    for (const v of values) rows.push(v.map((c) => String(c ?? "")));
    const width = Math.max(1, ...values.map((v) => v.length));
    const endCol = colName(colNumber(startCol) + width - 1);
    const updatedRange = `${sheet}!${startCol}${first}:${endCol}${rows.length}`;
    if (fault === "500-after-store")
      return send(res, 500, {
        error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" },
      });
    if (fault === "hang-after-store") return void this.hung.add(res);
    return send(res, 200, {
      spreadsheetId: this.spreadsheetId,
      updates: {
        spreadsheetId: this.spreadsheetId,
        updatedRange,
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: values.length * width,
      },
    });
  }

  private get(range: string, res: http.ServerResponse) {
    this.stats.get += 1;
    if (this.failBefore(this.fault("get"), res)) return;
    const { sheet, startCol, endCol } = parseRange(range);
    const from = colNumber(startCol) - 1;
    const to = colNumber(endCol ?? startCol);
    const values = this.rows(sheet).map((r) => r.slice(from, to));
    return send(res, 200, { range, majorDimension: "ROWS", ...(values.length ? { values } : {}) });
  }

  private failBefore(fault: Fault, res: http.ServerResponse): boolean {
    if (fault === "429")
      send(res, 429, {
        error: {
          code: 429,
          message: "Quota exceeded for quota metric 'Write requests'.",
          status: "RESOURCE_EXHAUSTED",
        },
      });
    else if (fault === "500")
      send(res, 500, {
        error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" },
      });
    else if (fault === "hang") this.hung.add(res);
    else return false;
    return true;
  }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function verifyJwt(jwt: string, publicKey?: crypto.KeyObject | string): boolean {
  const [header, payload, signature] = jwt.split(".");
  if (!header || !payload || !signature) return false;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    iss?: string;
    scope?: string;
  };
  if (!claims.iss || !claims.scope?.includes("spreadsheets")) return false;
  if (!publicKey) return true;
  return crypto.verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, "base64url"),
  );
}

function parseRange(range: string): { sheet: string; startCol: string; endCol?: string } {
  const bang = range.lastIndexOf("!");
  const sheet = (bang < 0 ? "Sheet1" : range.slice(0, bang)).replace(/^'(.*)'$/, "$1");
  const m = /^([A-Z]+)\d*(?::([A-Z]+)\d*)?$/i.exec(bang < 0 ? range : range.slice(bang + 1));
  if (!m) throw new Error(`Unable to parse range: ${range}`);
  return { sheet, startCol: m[1].toUpperCase(), endCol: m[2]?.toUpperCase() };
}

const colNumber = (s: string) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
function colName(n: number): string {
  let s = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
