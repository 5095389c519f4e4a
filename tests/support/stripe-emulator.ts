/**
 * A local Stripe over real HTTP, for the official `stripe` library pointed at it with
 * STRIPE_API_URL (docs/money.md, "Payment providers"). It answers the endpoints Fieldfare calls —
 * Checkout Sessions, connected accounts, account links, transfers — the way the API does (form
 * bodies in, JSON out, `Idempotency-Key` replays the first answer), lists what reconcile reads
 * (sessions, refunds, transfers and their reversals, disputes) newest first with Stripe's cursor
 * pagination (`limit`, `starting_after`, `ending_before`, `has_more`, `created[gte]`), serves a small "checkout page"
 * a browser can pay on, and signs the events it sends with `stripe.webhooks.generateTestHeaderString`,
 * exactly as Stripe signs them. Nothing of ours is mocked: the app's code talks HTTP to it.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const TEST_WEBHOOK_SECRET = "whsec_test_fieldfare_emulator_secret";
export const TEST_SECRET_KEY = "sk_test_fieldfare_emulator";

type Obj = Record<string, unknown>;
export type SignedEvent = { event: Obj; payload: string; signature: string };
export type Deliver = (payload: string, signature: string) => Promise<unknown>;

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

/** `a[b][0][c]=1` → `{a: {b: [{c: "1"}]}}`: the library's form encoding, read back. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Obj;
    });
  }
  return out;
}

export type StripeEmulator = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Obj>;
  accounts: Map<string, Obj>;
  transfers: Map<string, Obj>;
  /** Requests received, newest last (`POST /v1/transfers`, …). */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  /** Transfers to these accounts are refused (a card error, as Stripe answers 400). */
  failTransfersTo: Set<string>;
  /** Where the emulator's own pages deliver their events (a browser round trip). */
  deliver?: Deliver;
  /** Awaited before a `POST /v1/transfers` is answered (a test looks at our rows mid-call). */
  beforeTransfer?: () => Promise<void>;
  /** Marks a session paid and returns its signed `checkout.session.completed` (not delivered). */
  pay(sessionId: string, change?: Obj): SignedEvent;
  /**
   * Reverses `amount` cents of a transfer (all that is left by default), as the dashboard or the
   * API does, and returns its signed `transfer.reversed`: the transfer with `amount_reversed` so
   * far and its reversals, newest first, as Stripe sends it for partial reversals too.
   */
  reverse(transferId: string, amount?: number): SignedEvent & { reversalId: string };
  /**
   * Refunds `amount` cents of a paid session's payment (what is left by default), as the
   * dashboard does: the signed `refund.created` (a Refund) and `charge.refunded` (the Charge, its
   * refunds listed as older API versions expand them), neither delivered.
   */
  refund(
    sessionId: string,
    amount?: number,
  ): { refundId: string; created: SignedEvent; charge: SignedEvent };
  /** The refund fails (its cents are back on the charge) and returns its signed `refund.failed`. */
  failRefund(refundId: string): SignedEvent;
  refunds: Map<string, Obj>;
  /**
   * Disputes `amount` cents of a paid session's payment (all of it by default), as a cardholder's
   * bank does: the signed `charge.dispute.created` (not delivered).
   */
  dispute(sessionId: string, amount?: number): SignedEvent & { disputeId: string };
  /** Closes a dispute (`won`, `lost`, …) and returns its signed `charge.dispute.closed`. */
  closeDispute(disputeId: string, status: string): SignedEvent;
  disputes: Map<string, Obj>;
  /** Any event, signed (`timestamp` in seconds to sign it as if sent then). */
  sign(type: string, object: Obj, opts?: { timestamp?: number; id?: string }): SignedEvent;
  close(): Promise<void>;
};

export async function startStripeEmulator(): Promise<StripeEmulator> {
  const sessions = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const transfers = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: StripeEmulator["requests"] = [];
  let base = "";

  const sign: StripeEmulator["sign"] = (type, object, opts = {}) => {
    const event = {
      id: opts.id ?? newId("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: opts.timestamp ?? Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
      timestamp: opts.timestamp,
    });
    return { event, payload, signature };
  };

  const pay: StripeEmulator["pay"] = (sessionId, change = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No Checkout Session ${sessionId}`);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: newId("pi"),
    });
    return sign("checkout.session.completed", { ...session, ...change });
  };

  const reverse: StripeEmulator["reverse"] = (transferId, amount) => {
    const transfer = transfers.get(transferId);
    if (!transfer) throw new Error(`No transfer ${transferId}`);
    const list = transfer.reversals as { data: Obj[] };
    const left = Number(transfer.amount) - Number(transfer.amount_reversed);
    const cents = amount ?? left;
    if (cents <= 0 || cents > left) throw new Error(`Cannot reverse ${cents} of ${left} cents`);
    const reversal = {
      id: newId("trr"),
      object: "transfer_reversal",
      amount: cents,
      currency: transfer.currency,
      transfer: transferId,
      created: Math.floor(Date.now() / 1000),
    };
    list.data.unshift(reversal);
    Object.assign(transfer, {
      amount_reversed: Number(transfer.amount_reversed) + cents,
      reversed: cents === left,
    });
    return { ...sign("transfer.reversed", structuredClone(transfer)), reversalId: reversal.id };
  };

  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  /** The paid session's charge, made on first use. */
  const chargeOf = (sessionId: string): Obj => {
    const session = sessions.get(sessionId);
    if (session?.payment_status !== "paid") throw new Error(`Session ${sessionId} is not paid`);
    const pi = String(session.payment_intent);
    const charge = charges.get(pi) ?? {
      id: newId("ch"),
      object: "charge",
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: pi,
      paid: true,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false },
    };
    charges.set(pi, charge);
    return charge;
  };
  const refund: StripeEmulator["refund"] = (sessionId, amount) => {
    const charge = chargeOf(sessionId);
    const pi = String(charge.payment_intent);
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const cents = amount ?? left;
    if (cents <= 0 || cents > left) throw new Error(`Cannot refund ${cents} of ${left} cents`);
    const created = {
      id: newId("re"),
      object: "refund",
      amount: cents,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: pi,
      status: "succeeded",
      reason: "requested_by_customer",
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(created.id, created);
    (charge.refunds as { data: Obj[] }).data.unshift(created);
    Object.assign(charge, {
      amount_refunded: Number(charge.amount_refunded) + cents,
      refunded: cents === left,
    });
    return {
      refundId: created.id,
      created: sign("refund.created", structuredClone(created)),
      charge: sign("charge.refunded", structuredClone(charge)),
    };
  };

  const failRefund: StripeEmulator["failRefund"] = (refundId) => {
    const r = refunds.get(refundId);
    if (!r || r.status === "failed") throw new Error(`No refund ${refundId} to fail`);
    r.status = "failed";
    r.failure_reason = "expired_or_canceled_card";
    const charge = charges.get(String(r.payment_intent))!;
    Object.assign(charge, {
      amount_refunded: Number(charge.amount_refunded) - Number(r.amount),
      refunded: false,
    });
    return sign("refund.failed", structuredClone(r));
  };

  const dispute: StripeEmulator["dispute"] = (sessionId, amount) => {
    const charge = chargeOf(sessionId);
    const created = {
      id: newId("dp"),
      object: "dispute",
      amount: amount ?? charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: "fraudulent",
      status: "needs_response",
      created: Math.floor(Date.now() / 1000),
    };
    disputes.set(created.id, created);
    return { ...sign("charge.dispute.created", structuredClone(created)), disputeId: created.id };
  };
  const closeDispute: StripeEmulator["closeDispute"] = (disputeId, status) => {
    const d = disputes.get(disputeId);
    if (!d) throw new Error(`No dispute ${disputeId}`);
    d.status = status;
    return sign("charge.dispute.closed", structuredClone(d));
  };

  const api = (method: string, path: string, form: Obj): { status: number; body: Obj } => {
    let m: RegExpMatchArray | null;
    if (method === "GET" && path === "/v1/checkout/sessions")
      return list(path, [...sessions.values()], form, ["payment_intent", "status"]);
    if (method === "GET" && path === "/v1/refunds")
      return list(path, [...refunds.values()], form, ["payment_intent", "charge"]);
    if (method === "GET" && path === "/v1/disputes")
      return list(path, [...disputes.values()], form, ["payment_intent", "charge"]);
    if (method === "GET" && path === "/v1/transfers")
      return list(path, [...transfers.values()], form, ["destination", "transfer_group"]);
    if (method === "GET" && (m = path.match(/^\/v1\/transfers\/(\w+)\/reversals$/))) {
      const t = transfers.get(m[1]);
      if (!t) return missing("transfer", m[1]);
      // Kept newest first on the transfer; list() wants them oldest first like every map.
      return list(path, [...(t.reversals as { data: Obj[] }).data].reverse(), form, []);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items = (form.line_items ?? []) as Obj[];
      const amount = items.reduce((sum, item) => {
        const price = (item.price_data ?? {}) as Obj;
        return sum + Number(price.unit_amount) * Number(item.quantity ?? 1);
      }, 0);
      const currency = String(((items[0]?.price_data ?? {}) as Obj).currency ?? "usd");
      const id = newId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        amount_subtotal: amount,
        currency,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${base}/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === "GET" && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const s = sessions.get(m[1]);
      return s ? { status: 200, body: s } : missing("checkout.session", m[1]);
    }
    if (method === "POST" && path === "/v1/accounts") {
      const id = newId("acct");
      const account = {
        id,
        object: "account",
        type: form.type ?? "express",
        country: form.country ?? "US",
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
      };
      accounts.set(id, account);
      return { status: 200, body: account };
    }
    if (method === "POST" && path === "/v1/account_links") {
      const account = String(form.account);
      if (!accounts.has(account)) return missing("account", account);
      const q = new URLSearchParams({ return_url: String(form.return_url ?? "") });
      return {
        status: 200,
        body: {
          object: "account_link",
          url: `${base}/onboard/${account}?${q}`,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      };
    }
    if (method === "POST" && path === "/v1/transfers") {
      const destination = String(form.destination);
      if (!accounts.has(destination)) return missing("account", destination);
      // Real Stripe refuses a transfer to an account that has not finished onboarding.
      if (emulator.failTransfersTo.has(destination) || !accounts.get(destination)!.payouts_enabled)
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "insufficient_capabilities_for_transfer",
              message: "The destination account cannot receive transfers yet.",
            },
          },
        };
      const id = newId("tr");
      const transfer = {
        id,
        object: "transfer",
        amount: Number(form.amount),
        currency: form.currency,
        destination,
        metadata: form.metadata ?? {},
        transfer_group: form.transfer_group ?? null,
        reversed: false,
        amount_reversed: 0,
        reversals: {
          object: "list",
          data: [],
          has_more: false,
          url: `/v1/transfers/${id}/reversals`,
        },
        created: Math.floor(Date.now() / 1000),
      };
      transfers.set(id, transfer);
      return { status: 200, body: transfer };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized ${method} ${path}` } },
    };
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);
    const method = req.method ?? "GET";
    const send = (status: number, body: string, type = "application/json") => {
      res.writeHead(status, { "content-type": type, "request-id": newId("req") });
      res.end(body);
    };
    try {
      if (url.pathname.startsWith("/v1/")) {
        if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_"))
          return send(401, JSON.stringify({ error: { type: "invalid_request_error" } }));
        const key = req.headers["idempotency-key"] as string | undefined;
        requests.push({ method, path: url.pathname, idempotencyKey: key });
        const stored = key ? idempotent.get(`${method} ${url.pathname} ${key}`) : undefined;
        if (stored) {
          res.setHeader("idempotent-replayed", "true");
          return send(stored.status, stored.body);
        }
        if (method === "POST" && url.pathname === "/v1/transfers")
          await emulator.beforeTransfer?.();
        // The library sends a GET's parameters in the query string, a POST's in the body.
        const params = parseForm(method === "GET" ? url.search.slice(1) : raw);
        const { status, body } = api(method, url.pathname, params);
        const text = JSON.stringify(body);
        if (key && status < 500)
          idempotent.set(`${method} ${url.pathname} ${key}`, { status, body: text });
        return send(status, text);
      }
      // The hosted pages a browser visits.
      let m: RegExpMatchArray | null;
      if ((m = url.pathname.match(/^\/pay\/(\w+)$/))) {
        const session = sessions.get(m[1]);
        if (!session) return send(404, "No such session", "text/plain");
        if (method === "GET") {
          const amount = (Number(session.amount_total) / 100).toFixed(2);
          return send(
            200,
            `<!doctype html><html lang="en"><head><title>Emulated Checkout</title><meta name="viewport" content="width=device-width"></head><body><main><h1>Pay $${amount}</h1><form method="post"><button type="submit">Pay $${amount}</button></form></main></body></html>`,
            "text/html",
          );
        }
        const { payload, signature } = pay(m[1]);
        await emulator.deliver?.(payload, signature);
        res.writeHead(303, { location: String(session.success_url) });
        return res.end();
      }
      if ((m = url.pathname.match(/^\/onboard\/(\w+)$/))) {
        const account = accounts.get(m[1]);
        if (!account) return send(404, "No such account", "text/plain");
        Object.assign(account, {
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
        });
        const { payload, signature } = sign("account.updated", account);
        await emulator.deliver?.(payload, signature);
        res.writeHead(303, { location: url.searchParams.get("return_url") ?? "/" });
        return res.end();
      }
      send(404, "Not found", "text/plain");
    } catch (e) {
      send(500, JSON.stringify({ error: { type: "api_error", message: String(e) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const emulator: StripeEmulator = {
    url: base,
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    sessions,
    accounts,
    transfers,
    requests,
    failTransfersTo: new Set(),
    pay,
    reverse,
    refund,
    refunds,
    dispute,
    closeDispute,
    failRefund,
    disputes,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return emulator;
}

const invalidRequest = (message: string) => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

/**
 * One page of a list as Stripe answers it (docs.stripe.com/api/pagination): newest first; `limit`
 * 1–100 (default 10); `starting_after` / `ending_before` an id of the list (not both); `created`
 * as a number or `created[gte|gt|lte|lt]`; `equal` names fields filtered by equality.
 * `items` come oldest first (insertion order).
 */
function list(url: string, items: Obj[], q: Obj, equal: string[]) {
  const limit = q.limit === undefined ? 10 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return invalidRequest("Invalid limit: must be an integer between 1 and 100");
  if (q.starting_after !== undefined && q.ending_before !== undefined)
    return invalidRequest("You may only specify one of starting_after and ending_before");
  const created = q.created;
  const bounds: Obj =
    created === undefined ? {} : typeof created === "object" ? (created as Obj) : { eq: created };
  const within = (c: number) =>
    (bounds.eq === undefined || c === Number(bounds.eq)) &&
    (bounds.gte === undefined || c >= Number(bounds.gte)) &&
    (bounds.gt === undefined || c > Number(bounds.gt)) &&
    (bounds.lte === undefined || c <= Number(bounds.lte)) &&
    (bounds.lt === undefined || c < Number(bounds.lt));
  const all = items
    .filter((o) => within(Number(o.created)))
    .filter((o) => equal.every((f) => q[f] === undefined || String(o[f]) === String(q[f])))
    .reverse();
  let from = 0;
  let to = all.length;
  const cursor = (q.starting_after ?? q.ending_before) as string | undefined;
  if (cursor !== undefined) {
    const at = all.findIndex((o) => o.id === cursor);
    if (at < 0) return missing("object", cursor);
    if (q.starting_after !== undefined) from = at + 1;
    else to = at;
  }
  const data =
    q.ending_before !== undefined
      ? all.slice(Math.max(from, to - limit), to)
      : all.slice(from, from + limit);
  const has_more = q.ending_before !== undefined ? to - limit > from : from + limit < all.length;
  return { status: 200, body: { object: "list", url, has_more, data } };
}

function missing(kind: string, id: string) {
  return {
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${kind}: '${id}'`,
      },
    },
  };
}
