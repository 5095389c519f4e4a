/**
 * Bad-input sweep over every /api route handler (issue 9). Each endpoint is described once (method,
 * path, auth, a VALID body/query/params); the cases are generated from that description:
 * malformed JSON, non-object bodies, wrong types, nulls, missing fields, hostile numbers, very long
 * and unicode strings, huge bodies, wrong content types, bad/foreign path ids, cross-site posts
 * with a session cookie, and no session. Every answer must be a 4xx with a JSON `message` (never a
 * 5xx, never a stack trace), and a fingerprint of every table must be unchanged afterwards.
 * A positive control per endpoint (the valid request, sent last) proves the bad answers came from
 * the bad part and not from a broken base request.
 *
 * Adding an endpoint: one entry in `endpoints`, `api("METHOD /api/path/:id", handler, who, extra)`.
 * `who` is "anyone" (no session needed) or the caller signed in: "A" (shopper), "F" or "G" (farmers),
 * "R" (restaurant). The name is the path after /api/, `extra.label` adding words in brackets where
 * one path has several entries. A path with one id takes `id` (the caller's own value) and
 * `foreign` (someone else's, which must answer 404); `ok` is the positive control's status; the
 * rest (`body`, `fields`, `query`, `headers`, …) is the Endpoint's own fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/server/platform/db";
import { resetEnvCache } from "@/lib/server/platform/env";
import { GET as categoriesGET } from "@/app/api/categories/route";
import { POST as contactPOST } from "@/app/api/contact/route";
import { POST as demoPOST } from "@/app/api/demo-requests/route";
import { GET as farmGET } from "@/app/api/farms/[id]/route";
import { DELETE as followDELETE, PUT as followPUT } from "@/app/api/farms/[id]/follow/route";
import { GET as farmsFeaturedGET } from "@/app/api/farms/featured/route";
import { GET as farmsRecommendedGET } from "@/app/api/farms/recommended/route";
import { GET as healthGET } from "@/app/api/health/route";
import { POST as loginPOST } from "@/app/api/login/route";
import { POST as logoutPOST } from "@/app/api/logout/route";
import { POST as emailResendPOST } from "@/app/api/email/verification/route";
import { POST as emailVerifyPOST } from "@/app/api/email/verify/route";
import { POST as forgotPOST } from "@/app/api/password/forgot/route";
import { POST as resetPOST } from "@/app/api/password/reset/route";
import { POST as changePOST } from "@/app/api/password/change/route";
import { DELETE as sessionsDELETE, GET as sessionsGET } from "@/app/api/sessions/route";
import { DELETE as sessionDELETE } from "@/app/api/sessions/[id]/route";
import { POST as readPOST } from "@/app/api/messages/[userId]/read/route";
import { GET as conversationGET } from "@/app/api/messages/[userId]/route";
import { GET as chatsGET } from "@/app/api/messages/chats/route";
import { POST as messagesPOST } from "@/app/api/messages/route";
import { GET as streamGET } from "@/app/api/messages/stream/route";
import { GET as unreadGET } from "@/app/api/messages/unread/route";
import { GET as claimGET, POST as claimPOST } from "@/app/api/my-farm/claim/route";
import { POST as farmImagePOST } from "@/app/api/my-farm/image/route";
import { POST as freshSheetTestPOST } from "@/app/api/my-farm/fresh-sheet/test/route";
import { POST as completePOST } from "@/app/api/my-farm/orders/[id]/complete/route";
import { GET as myOrdersGET } from "@/app/api/my-farm/orders/route";
import { POST as passwordPOST } from "@/app/api/my-farm/password/route";
import {
  DELETE as productImageDELETE,
  POST as productImagePOST,
} from "@/app/api/my-farm/products/[id]/image/route";
import {
  GET as myProductGET,
  PATCH as myProductPATCH,
} from "@/app/api/my-farm/products/[id]/route";
import { GET as myProductsGET, POST as myProductsPOST } from "@/app/api/my-farm/products/route";
import { GET as myFarmGET, PATCH as myFarmPATCH } from "@/app/api/my-farm/route";
import { GET as salesGET } from "@/app/api/my-farm/sales/route";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { POST as cancelPOST } from "@/app/api/orders/[id]/cancel/route";
import { GET as orderGET, PATCH as orderPATCH } from "@/app/api/orders/[id]/route";
import { GET as ordersGET, POST as ordersPOST } from "@/app/api/orders/route";
import { GET as productGET } from "@/app/api/products/[id]/route";
import { GET as productsFeaturedGET } from "@/app/api/products/featured/route";
import { GET as productsPopularGET } from "@/app/api/products/popular/route";
import { GET as productsRecommendedGET } from "@/app/api/products/recommended/route";
import { GET as productsUsualGET } from "@/app/api/products/usual/route";
import { GET as searchGET } from "@/app/api/products/search/route";
import { POST as registerPOST } from "@/app/api/register/route";
import { GET as suppliersGET } from "@/app/api/suppliers/route";
import { GET as transactionsGET } from "@/app/api/transactions/route";
import { POST as topupPOST } from "@/app/api/transactions/topup/route";
import { GET as userGET } from "@/app/api/user/route";
import { POST as waitlistPOST } from "@/app/api/waitlist/route";
import { GET as walletGET } from "@/app/api/wallet/route";
import { GET as addressesGET, POST as addressesPOST } from "@/app/api/addresses/route";
import { DELETE as addressDELETE, PATCH as addressPATCH } from "@/app/api/addresses/[id]/route";
import { GET as farmFulfilmentGET } from "@/app/api/farms/[id]/fulfilment/route";
import { GET as slotsGET } from "@/app/api/farms/[id]/slots/route";
import { GET as fulfilmentGET, PUT as fulfilmentPUT } from "@/app/api/my-farm/fulfilment/route";
import { GET as packListGET } from "@/app/api/my-farm/pack-list/route";
import { PUT as packTicksPUT } from "@/app/api/my-farm/pack-list/ticks/route";
import { GET as taxReportGET } from "@/app/api/my-farm/reports/tax/route";
import { GET as salesReportGET } from "@/app/api/my-farm/reports/sales/route";
import { GET as quickbooksGET } from "@/app/api/my-farm/exports/quickbooks.csv/route";
import { GET as xeroGET } from "@/app/api/my-farm/exports/xero.csv/route";
import { POST as stockStepPOST } from "@/app/api/my-farm/products/[id]/stock/route";
import { POST as undoCompletePOST } from "@/app/api/my-farm/orders/[id]/undo-complete/route";
import { GET as businessGET, POST as businessPOST } from "@/app/api/business-account/route";
import { GET as standingGET, POST as standingPOST } from "@/app/api/standing-orders/route";
import { GET as farmSharesGET, POST as farmSharesPOST } from "@/app/api/my-farm/shares/route";
import { GET as myHubGET, PUT as myHubPUT } from "@/app/api/my-hub/route";
import {
  GET as hubFulfilmentGET,
  PUT as hubFulfilmentPUT,
} from "@/app/api/my-hub/fulfilment/route";
import { GET as hubSuppliersGET, POST as hubSuppliersPOST } from "@/app/api/my-hub/suppliers/route";
import { PUT as supplierPUT } from "@/app/api/my-hub/suppliers/[farmId]/route";
import { GET as farmHubsGET } from "@/app/api/my-farm/hubs/route";
import { PUT as farmHubPUT } from "@/app/api/my-farm/hubs/[hubId]/route";
import {
  GET as farmSharePlanGET,
  PATCH as farmSharePlanPATCH,
} from "@/app/api/my-farm/shares/[planId]/route";
import { PUT as shareBoxPUT } from "@/app/api/my-farm/shares/[planId]/boxes/[date]/route";
import { GET as publicSharesGET } from "@/app/api/farms/[id]/shares/route";
import { POST as shareJoinPOST } from "@/app/api/shares/[planId]/members/route";
import { GET as mySharesGET } from "@/app/api/me/shares/route";
import { DELETE as shareCancelDELETE } from "@/app/api/me/shares/[id]/route";
import { PUT as shareSwapPUT } from "@/app/api/me/shares/[id]/boxes/[date]/route";
import { PUT as shareNeverPUT } from "@/app/api/me/shares/[id]/never/route";
import {
  DELETE as shareUnskipDELETE,
  POST as shareSkipPOST,
} from "@/app/api/me/shares/[id]/skip/route";
import { POST as sharePausePOST } from "@/app/api/me/shares/[id]/pause/route";
import { POST as shareLinkPOST } from "@/app/api/share-links/[token]/route";
import { GET as sharesNearGET } from "@/app/api/shares/open/route";
import { signShareLink } from "@/lib/server/shares/links";
import { POST as shareResumePOST } from "@/app/api/me/shares/[id]/resume/route";
import { plusWeeks, saturdayAhead } from "../shares/support";
import {
  DELETE as standingDELETE,
  PATCH as standingPATCH,
} from "@/app/api/standing-orders/[id]/route";
import { GET as standingProductsGET } from "@/app/api/standing-orders/[id]/products/route";
import { GET as receiptGET } from "@/app/api/orders/[id]/receipt.pdf/route";
import { POST as proposePOST } from "@/app/api/my-farm/orders/[id]/adjustments/route";
import { POST as acceptPOST } from "@/app/api/orders/[id]/adjustments/[aid]/accept/route";
import { POST as declinePOST } from "@/app/api/orders/[id]/adjustments/[aid]/decline/route";
import { GET as customersGET } from "@/app/api/my-farm/customers/route";
import {
  DELETE as creditDELETE,
  PUT as creditPUT,
} from "@/app/api/my-farm/customers/[buyerId]/credit/route";
import { GET as creditLinesGET } from "@/app/api/credit-lines/route";
import { GET as invoicesGET } from "@/app/api/invoices/route";
import { GET as invoiceGET } from "@/app/api/invoices/[id]/route";
import { GET as invoicePdfGET } from "@/app/api/invoices/[id]/invoice.pdf/route";
import { GET as paymentsConfigGET } from "@/app/api/payments/config/route";
import { GET as topUpStatusGET } from "@/app/api/payments/top-ups/[id]/route";
import { POST as stripeWebhookPOST } from "@/app/api/webhooks/stripe/route";
import { GET as payoutsGET } from "@/app/api/my-farm/payouts/route";
import { GET as farmTodayGET } from "@/app/api/my-farm/today/route";
import { GET as payoutGET } from "@/app/api/my-farm/payouts/[id]/route";
import { GET as payoutPdfGET } from "@/app/api/my-farm/payouts/[id]/statement.pdf/route";
import { POST as payoutsConnectPOST } from "@/app/api/my-farm/payouts/connect/route";
import { POST as invoicePayPOST } from "@/app/api/invoices/[id]/pay/route";
import {
  GET as notificationPrefsGET,
  PUT as notificationPrefsPUT,
} from "@/app/api/notification-preferences/route";
import { GET as freshSheetsGET } from "@/app/api/fresh-sheets/route";
import {
  GET as pushSubscriptionsGET,
  POST as pushSubscriptionsPOST,
} from "@/app/api/push-subscriptions/route";
import { DELETE as pushSubscriptionDELETE } from "@/app/api/push-subscriptions/[id]/route";
import { PUT as freshSheetPUT } from "@/app/api/fresh-sheets/[farmId]/route";
import {
  GET as unsubscribeGET,
  POST as unsubscribePOST,
} from "@/app/api/unsubscribe/[token]/route";
import { POST as passkeyLoginPOST } from "@/app/api/login/passkey/route";
import { POST as passkeyLoginOptionsPOST } from "@/app/api/login/passkey/options/route";
import { POST as twoStepLoginPOST } from "@/app/api/login/two-step/route";
import { GET as passkeysGET, POST as passkeysPOST } from "@/app/api/passkeys/route";
import { POST as passkeyOptionsPOST } from "@/app/api/passkeys/options/route";
import { DELETE as passkeyDELETE } from "@/app/api/passkeys/[id]/route";
import {
  DELETE as twoStepDELETE,
  GET as twoStepGET,
  POST as twoStepPOST,
} from "@/app/api/two-step/route";
import { POST as twoStepSetupPOST } from "@/app/api/two-step/setup/route";
import { unsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import { endpoints as contracts } from "@/lib/contracts/index";
import { guardRequest, routeTable } from "@/lib/request-guard";
import { ORIGIN, call } from "../support/http";
import {
  createFarm,
  createProduct,
  createUserWithSession,
  sessionCookie,
  TEST_PASSWORD,
} from "../support/factories";
import {
  createPickupAndDelivery,
  deliveryWindowInput,
  pickupWindowInput,
} from "../support/fulfilment";
import { listSlots } from "@/lib/server/fulfilment/slots";

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Field = {
  optional?: boolean;
  zeroOk?: boolean;
  multiline?: boolean;
  kind:
    | "text"
    | "email"
    | "number"
    | "int"
    | "bool"
    | "enum"
    | "token"
    | "array"
    | "username"
    | "password";
};

type Endpoint = {
  name: string;
  method: Method;
  path: string;
  handler: Handler;
  auth: "required" | "optional" | "none";
  /** The caller for authenticated cases (defaults to shopper A). */
  cookie?: () => string;
  params?: () => Record<string, string>;
  /** Which path parameter is an id (gets the bad-id cases), and someone else's value for it. */
  idParam?: { name: string; foreign?: () => string };
  body?: () => Record<string, unknown>;
  fields?: Record<string, Field>;
  query?: Record<string, string[]>;
  /** Query parameters every request carries (a required one, e.g. the pack list's date); a bad value replaces its own. */
  baseQuery?: Record<string, string>;
  /** Answers that are not the JSON contract by design (HTML claim page, multipart uploads). */
  kind?: "json" | "html" | "multipart";
  /** Positive control status (undefined: no control, e.g. it needs a state this sweep avoids). */
  ok?: number;
  headers?: () => Record<string, string>;
  /** A mutation other sites may send (the RFC 8058 one-click unsubscribe): no cross-site cases. */
  crossSiteAllowed?: true;
};

type Case = {
  endpoint: Endpoint;
  label: string;
  path?: string;
  params?: Record<string, string>;
  cookie?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Expected exact status; otherwise any 4xx. */
  status?: number;
  /** The JSON `errors` must carry a message for this field. */
  field?: string;
};

// ---- state --------------------------------------------------------------------------------------

let A: { id: number; cookie: string };
let B: { id: number; cookie: string };
let F: { id: number; cookie: string; farmId: number; productId: number };
let G: { id: number; cookie: string; farmId: number; productId: number };
let bOrderId = 0;
let aOrderId = 0;
/** A's order from G, which sells in windows: the one order of the sweep that can be changed. */
let aSlotOrderId = 0;
/** A's order from F with two cards waiting for A (one to accept, one to decline), and a card on B's order. */
let aAdjOrderId = 0;
let aAcceptCardId = 0;
let aDeclineCardId = 0;
let bCardId = 0;
/** The line of A's order from G that the farm proposes to change. */
let aSlotItemId = 0;
let aAddressId = 0;
let bAddressId = 0;
let aPushId = 0;
let bPushId = 0;
/** Two restaurants, each with a standing order at G (restaurants only: A and B are retail buyers). */
let R: { id: number; cookie: string };
let rStandingId = 0;
let r2StandingId = 0;
/** R's and R2's statements at G (orders on account); R's is closed and payable. */
let rStatementId = 0;
let r2StatementId = 0;
/** A's and B's card top-ups; G's and F's payouts (rows the webhook and the payout worker write). */
let aTopUpId = 0;
let bTopUpId = 0;
let gPayoutId = 0;
let fPayoutId = 0;
let categoryId = 0;
/** B's passkey (a row only: A's DELETE of it must answer 404). */
let bPasskeyId = 0;
/** G's farm share (A and B members of it, its first box published) and F's, for foreign ids. */
let gPlanId = 0;
let fPlanId = 0;
let gPointId = 0;
let gSwapProductId = 0;
let aShareId = 0;
let bShareId = 0;
const shareDate = saturdayAhead(1);
/** Food hubs (docs/hubs.md): H's hub invited G; H2's hub, with farm X, is the foreign one. */
let H: { id: number; cookie: string; hubId: number };
let h2HubId = 0;
let xFarmId = 0;
let ipCounter = 0;
const nextIp = () => `10.9.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

async function makeFarmer() {
  const { owner, farm } = await createFarm();
  const product = await createProduct(farm.id, { categoryId, stock: 1000, priceCents: 250 });
  return {
    id: owner.id,
    cookie: await sessionCookie(owner.id),
    farmId: farm.id,
    productId: product.id,
  };
}

async function mustOk(res: Promise<{ status: number; text: string }>, status: number) {
  const r = await res;
  if (r.status !== status) throw new Error(`setup call failed: ${r.status} ${r.text}`);
  return r;
}

beforeAll(async () => {
  // Every case signs in as the same name from its own address: the per-account budget across
  // addresses (tests/auth/throttle.test.ts) would make the sweep wait for turns.
  process.env.LOGIN_ACCOUNT_FREE_ATTEMPTS = "100000";
  resetEnvCache();
  categoryId = (await db.category.create({ data: { name: "Sweep Vegetables", icon: "🥬" } })).id;
  const a = await createUserWithSession();
  const b = await createUserWithSession();
  A = { id: a.user.id, cookie: a.cookie };
  B = { id: b.user.id, cookie: b.cookie };
  F = await makeFarmer();
  G = await makeFarmer();
  // Real money paths: top up A and B, each buys from F; B also messages F.
  for (const u of [A, B]) {
    await mustOk(
      call(topupPOST, "/api/transactions/topup", { body: { amount: 500 }, cookie: u.cookie }),
      200,
    );
  }
  const bo = await mustOk(
    call(ordersPOST, "/api/orders", {
      body: { items: [{ productId: F.productId, quantity: 2 }] },
      cookie: B.cookie,
    }),
    201,
  );
  bOrderId = (JSON.parse(bo.text) as { orders: { id: number }[] }).orders[0].id;
  const ao = await mustOk(
    call(ordersPOST, "/api/orders", {
      body: { items: [{ productId: F.productId, quantity: 1 }] },
      cookie: A.cookie,
    }),
    201,
  );
  aOrderId = (JSON.parse(ao.text) as { orders: { id: number }[] }).orders[0].id;
  await createPickupAndDelivery(G.farmId);
  const slot = (await listSlots(G.farmId, 14)).find((s) => s.kind === "pickup")!;
  const so = await mustOk(
    call(ordersPOST, "/api/orders", {
      body: {
        items: [{ productId: G.productId, quantity: 1 }],
        fulfilment: { [G.farmId]: { slotId: slot.slotId } },
      },
      cookie: A.cookie,
    }),
    201,
  );
  aSlotOrderId = (JSON.parse(so.text) as { orders: { id: number }[] }).orders[0].id;
  aSlotItemId = (await db.orderItem.findFirstOrThrow({ where: { orderId: aSlotOrderId } })).id;
  // Adjustment cards: F proposes more of a line of A's order (twice, one card each) and of B's.
  const adj = await mustOk(
    call(ordersPOST, "/api/orders", {
      body: { items: [{ productId: F.productId, quantity: 1 }] },
      cookie: A.cookie,
    }),
    201,
  );
  aAdjOrderId = (JSON.parse(adj.text) as { orders: { id: number }[] }).orders[0].id;
  const card = async (orderId: number, quantity: number) => {
    const itemId = (await db.orderItem.findFirstOrThrow({ where: { orderId } })).id;
    const id = String(orderId);
    const res = await mustOk(
      call(proposePOST, `/api/my-farm/orders/${id}/adjustments`, {
        body: { lines: [{ itemId, quantity }] },
        cookie: F.cookie,
        params: { id },
      }),
      201,
    );
    return (JSON.parse(res.text) as { id: number }).id;
  };
  aAcceptCardId = await card(aAdjOrderId, 2);
  aDeclineCardId = await card(aAdjOrderId, 3);
  bCardId = await card(bOrderId, 3);
  await mustOk(
    call(messagesPOST, "/api/messages", {
      body: { receiverId: F.id, content: "Hello F" },
      cookie: B.cookie,
    }),
    201,
  );
  await mustOk(
    call(messagesPOST, "/api/messages", {
      body: { receiverId: F.id, content: "Hello from A" },
      cookie: A.cookie,
    }),
    201,
  );
  const address = {
    label: "Home",
    line1: "1450 Bernard Ave",
    city: "Kelowna",
    postalCode: "V1Y 6N2",
  };
  aAddressId = (await db.address.create({ data: { userId: A.id, ...address } })).id;
  bAddressId = (await db.address.create({ data: { userId: B.id, ...address } })).id;
  const pushKeys = { p256dh: PUSH_KEYS.p256dh, auth: PUSH_KEYS.auth };
  for (const [user, name] of [
    [A, "a"],
    [B, "b"],
  ] as const) {
    const row = await db.pushSubscription.create({
      data: {
        userId: user.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/sweep-${name}`,
        ...pushKeys,
      },
    });
    if (name === "a") aPushId = row.id;
    else bPushId = row.id;
  }
  const [r, r2] = [
    await createUserWithSession({ userType: "restaurant" }),
    await createUserWithSession({ userType: "restaurant" }),
  ];
  R = { id: r.user.id, cookie: r.cookie };
  const standing = (cookie: string) =>
    mustOk(
      call(standingPOST, "/api/standing-orders", {
        body: {
          farmId: G.farmId,
          items: [{ productId: G.productId, quantity: 2 }],
          weekday: 6,
          kind: "pickup",
        },
        cookie,
      }),
      201,
    ).then((res) => (JSON.parse(res.text) as { id: number }).id);
  rStandingId = await standing(r.cookie);
  r2StandingId = await standing(r2.cookie);
  // Pay on account (docs/restaurants.md): R and R2 each buy once on account at G.
  const onAccount = async (u: { user: { id: number }; cookie: string }) => {
    await db.creditLine.create({
      data: { farmId: G.farmId, buyerId: u.user.id, limitCents: 100_000 },
    });
    const res = await mustOk(
      call(ordersPOST, "/api/orders", {
        body: {
          items: [{ productId: G.productId, quantity: 1 }],
          fulfilment: { [G.farmId]: { slotId: slot.slotId } },
          payment: { [G.farmId]: "account" },
          // The standing order above covers that Saturday: this order is meant too.
          confirmRepeat: true,
        },
        cookie: u.cookie,
      }),
      201,
    );
    return (JSON.parse(res.text) as { orders: { statementId: number }[] }).orders[0].statementId;
  };
  rStatementId = await onAccount(r);
  r2StatementId = await onAccount(r2);
  // R's month is over and its order handed over, so it can be paid; R has the money.
  await db.statement.update({
    where: { id: rStatementId },
    data: { period: "2020-01", dueDate: "2020-02-15" },
  });
  await db.order.updateMany({
    where: { statementId: rStatementId },
    data: { status: "completed" },
  });
  await mustOk(
    call(topupPOST, "/api/transactions/topup", { body: { amount: 50 }, cookie: r.cookie }),
    200,
  );
  aTopUpId = (await db.topUp.create({ data: { userId: A.id, amountCents: 500 } })).id;
  bTopUpId = (await db.topUp.create({ data: { userId: B.id, amountCents: 500 } })).id;
  const payout = (farmId: number) =>
    db.payout.create({
      data: { farmId, periodEnd: "2026-01-05", amountCents: 100, status: "pending_manual" },
    });
  gPayoutId = (await payout(G.farmId)).id;
  fPayoutId = (await payout(F.farmId)).id;
  gPointId = (await db.pickupPoint.findFirstOrThrow({ where: { farmId: G.farmId } })).id;
  gSwapProductId = (await createProduct(G.farmId, { name: "Sweep Garlic", stock: 50 })).id;
  const sharePlan = (farmId: number, pickupPointId: number | null) =>
    db.sharePlan.create({
      data: {
        farmId,
        name: "Sweep box",
        boxPriceCents: 2000,
        seasonStart: shareDate,
        seasonEnd: plusWeeks(shareDate, 3),
        capacity: 10,
        memberCount: 2,
        skipsPerSeason: 2,
        kind: "pickup",
        pickupPointId,
        payments: ["weekly", "season"],
      },
    });
  gPlanId = (await sharePlan(G.farmId, gPointId)).id;
  fPlanId = (await sharePlan(F.farmId, null)).id;
  await db.shareBox.create({
    data: {
      planId: gPlanId,
      localDate: shareDate,
      items: [{ productId: G.productId, quantity: 1 }],
      swapOptions: [{ productId: gSwapProductId, quantity: 1 }],
      publishedAt: new Date(),
      dueAt: new Date(Date.now() + 5 * 86_400_000),
    },
  });
  const member = (userId: number) =>
    db.shareMembership.create({ data: { planId: gPlanId, userId, payment: "weekly" } });
  aShareId = (await member(A.id)).id;
  bShareId = (await member(B.id)).id;
  const hubOf = async (name: string) => {
    const u = await createUserWithSession({ userType: "restaurant" });
    await db.businessAccount.create({
      data: {
        userId: u.user.id,
        companyName: name,
        businessNumber: "812345670",
        address: "1100 Ellis St, Kelowna, BC",
        postalCode: "V1Y 1Z5",
        status: "approved",
        approvedAs: "distributor",
      },
    });
    const hub = await db.hub.create({ data: { userId: u.user.id, name, location: "Kelowna" } });
    return { id: u.user.id, cookie: u.cookie, hubId: hub.id };
  };
  H = await hubOf("Sweep Hub");
  h2HubId = (await hubOf("Other Hub")).hubId;
  xFarmId = (await createFarm()).farm.id;
  await db.hubSupplier.createMany({
    data: [
      { hubId: H.hubId, farmId: G.farmId },
      { hubId: h2HubId, farmId: xFarmId },
    ],
  });
  bPasskeyId = (
    await db.passkey.create({
      data: { userId: B.id, credentialId: `sweep-${B.id}`, publicKey: Buffer.from([1]), name: "B" },
    })
  ).id;
});

/** A WebAuthn answer of the right shape whose challenge is unknown (400/401, nothing written). */
const fakeCredential = (kind: "create" | "get") => ({
  id: "c3dlZXA",
  rawId: "c3dlZXA",
  type: "public-key",
  response: {
    clientDataJSON: Buffer.from(
      JSON.stringify({ type: `webauthn.${kind}`, challenge: "bm9uZQ", origin: ORIGIN }),
    ).toString("base64url"),
    ...(kind === "create"
      ? { attestationObject: "AAAA" }
      : { authenticatorData: "AAAA", signature: "AAAA" }),
  },
  clientExtensionResults: {},
});

// ---- the endpoint table -------------------------------------------------------------------------

type Who = "anyone" | "A" | "F" | "G" | "R" | "H";
type Extra = Omit<Partial<Endpoint>, "name" | "method" | "path" | "handler" | "auth" | "cookie"> & {
  /** Words added to the name in brackets, where one path has several entries. */
  label?: string;
  /** The value of the path's one parameter for the caller, and someone else's (bad-id cases). */
  id?: () => string | number;
  foreign?: () => string | number;
};

/** One endpoint of the sweep (the format is described at the top of the file). */
function api(route: string, handler: unknown, who: Who, extra: Extra = {}): Endpoint {
  const [method, path] = route.split(" ") as [Method, string];
  const { label, id, foreign, ...rest } = extra;
  const name = path.slice("/api/".length).replace(/:(\w+)/g, "[$1]");
  const endpoint: Endpoint = {
    name: label ? `${name} (${label})` : name,
    method,
    path,
    handler: handler as Handler,
    auth: who === "anyone" ? "none" : "required",
    ...rest,
  };
  const caller = { A: () => A, F: () => F, G: () => G, R: () => R, H: () => H };
  if (who !== "anyone" && who !== "A") endpoint.cookie = () => caller[who]().cookie;
  if (id) {
    const names = (path.match(/:\w+/g) ?? []).map((p) => p.slice(1));
    if (names.length !== 1) throw new Error(`${route}: \`id\` needs a path with one parameter`);
    endpoint.params = () => ({ [names[0]]: String(id()) });
    endpoint.idParam = { name: names[0], ...(foreign && { foreign: () => String(foreign()) }) };
  }
  return endpoint;
}

const listQuery = {
  limit: [
    "0",
    "-1",
    "51",
    "abc",
    "1.5",
    "1e1",
    "999999999999",
    "NaN",
    "Infinity",
    " 4",
    "٤",
    "４",
    "\u200b4",
    "0x10",
  ],
  categoryId: ["abc", "-1", "0", "1.5", "99999999999", "NaN", "١", "💥", '1;DROP TABLE "Product"'],
};
/** C0 control characters in a one-line query (NUL once reached PostgreSQL and answered 500). */
const CONTROL_QUERIES = [
  "a\u0000b",
  "\u0000",
  "a\u0007b",
  "a\u001b[31mb",
  "a\nb",
  "a\tb",
  "\u007f",
];
const PERSON = {
  fullName: { kind: "text" },
  email: { kind: "email" },
  companyName: { kind: "text" },
  role: { kind: "enum" },
} as const;

/**
 * The path ids of the sweep: the caller's own value (`id`) and someone else's (`foreign`, which must
 * answer 404), one per resource that several endpoints share.
 */
const aOrder = { id: () => aOrderId, foreign: () => bOrderId };
const aSlotOrder = { id: () => aSlotOrderId, foreign: () => bOrderId };
/** B's order is from F, so G (the caller) finds it under neither value. */
const bOrderFromF = { id: () => bOrderId, foreign: () => bOrderId };
const fProduct = { id: () => F.productId, foreign: () => G.productId };
const aAddress = { id: () => aAddressId, foreign: () => bAddressId };
const aPush = { id: () => aPushId, foreign: () => bPushId };
/** A browser's subscription keys: a P-256 point (65 bytes) and a 16-byte auth secret. */
const PUSH_KEYS = {
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
  auth: Buffer.alloc(16, 9).toString("base64url"),
};
const aTopUp = { id: () => aTopUpId, foreign: () => bTopUpId };
const rStanding = { id: () => rStandingId, foreign: () => r2StandingId };
const rStatement = { id: () => rStatementId, foreign: () => r2StatementId };
/** G's credit line for R; B is no customer of G's on account. */
const rCredit = { id: () => R.id, foreign: () => B.id };
const gPayout = { id: () => gPayoutId, foreign: () => fPayoutId };
/** The swap link of A's box email, until that box's cutoff. */
const aShareLink = () =>
  signShareLink({
    membershipId: aShareId,
    date: shareDate,
    action: "swap",
    expiresAt: new Date(Date.now() + 4 * 86_400_000),
  });

const endpoints: Endpoint[] = [
  api("GET /api/health", healthGET, "anyone", { ok: 200 }),
  api("GET /api/categories", categoriesGET, "anyone", { ok: 200 }),
  api("GET /api/products/featured", productsFeaturedGET, "anyone", { query: listQuery, ok: 200 }),
  api("GET /api/products/popular", productsPopularGET, "anyone", { query: listQuery, ok: 200 }),
  api("GET /api/products/recommended", productsRecommendedGET, "A", { query: listQuery, ok: 200 }),
  api("GET /api/products/usual", productsUsualGET, "A", {
    query: { limit: listQuery.limit },
    ok: 200,
  }),
  api("GET /api/products/search", searchGET, "anyone", {
    query: {
      q: ["x".repeat(101), "🥕".repeat(101), "\u202e".repeat(200), ...CONTROL_QUERIES],
      ...listQuery,
    },
    ok: 200,
  }),
  api("GET /api/products/:id", productGET, "anyone", { id: () => F.productId, ok: 200 }),
  api("GET /api/farms/featured", farmsFeaturedGET, "anyone", {
    query: { limit: listQuery.limit },
    ok: 200,
  }),
  api("GET /api/farms/recommended", farmsRecommendedGET, "A", {
    query: { limit: listQuery.limit },
    ok: 200,
  }),
  api("GET /api/farms/:id", farmGET, "anyone", { id: () => F.farmId, ok: 200 }),
  api("PUT /api/farms/:id/follow", followPUT, "A", { id: () => F.farmId, ok: 200 }),
  api("DELETE /api/farms/:id/follow", followDELETE, "A", {
    label: "unfollow",
    id: () => F.farmId,
    ok: 200,
  }),
  api("POST /api/register", registerPOST, "anyone", {
    body: () => ({
      fullName: "Ana Ruiz",
      email: `ana-${Date.now()}@example.test`,
      username: `ana_${Date.now().toString(36)}`,
      password: "plum-orchard-77",
      confirmPassword: "plum-orchard-77",
    }),
    fields: {
      fullName: { kind: "text" },
      email: { kind: "email" },
      username: { kind: "username", optional: true },
      password: { kind: "password" },
      confirmPassword: { kind: "password" },
    },
    ok: 201,
  }),
  // A well-formed attempt with a wrong password (401): the base must be valid in shape, and a
  // successful sign-in would write a session row.
  api("POST /api/login", loginPOST, "anyone", {
    body: () => ({ username: "nobody-here", password: TEST_PASSWORD }),
    fields: { username: { kind: "text" }, password: { kind: "password" } },
  }),
  api("POST /api/logout", logoutPOST, "anyone"),
  // Accounts (docs/accounts.md).
  api("POST /api/email/verification", emailResendPOST, "A", { label: "resend" }),
  api("POST /api/email/verify", emailVerifyPOST, "anyone", {
    body: () => ({ token: "x".repeat(43) }),
    fields: { token: { kind: "token" } },
  }),
  api("POST /api/password/forgot", forgotPOST, "anyone", {
    body: () => ({ email: "nobody-here@example.test" }),
    fields: { email: { kind: "email" } },
  }),
  api("POST /api/password/reset", resetPOST, "anyone", {
    body: () => ({
      token: "x".repeat(43),
      password: "a-long-new-pass",
      confirmPassword: "a-long-new-pass",
    }),
    fields: { token: { kind: "token" }, password: { kind: "password" } },
  }),
  // A wrong current password (400): a right one would change A's password.
  api("POST /api/password/change", changePOST, "A", {
    body: () => ({
      currentPassword: "not-the-password",
      password: "a-long-new-pass",
      confirmPassword: "a-long-new-pass",
    }),
    fields: { currentPassword: { kind: "password" }, password: { kind: "password" } },
  }),
  // Passkeys and two-step sign-in (docs/accounts.md). The options calls write a challenge, so no
  // positive control; a made-up answer or code is refused without writing anything.
  api("POST /api/passkeys/options", passkeyOptionsPOST, "A", { label: "register" }),
  api("POST /api/passkeys", passkeysPOST, "A", {
    body: () => ({ name: "Laptop", credential: fakeCredential("create") }),
    fields: { name: { kind: "text" } },
  }),
  api("GET /api/passkeys", passkeysGET, "A", { ok: 200 }),
  api("DELETE /api/passkeys/:id", passkeyDELETE, "A", {
    label: "remove",
    id: () => 2_000_000_000,
    foreign: () => bPasskeyId,
  }),
  api("POST /api/login/passkey/options", passkeyLoginOptionsPOST, "anyone", { label: "sign in" }),
  api("POST /api/login/passkey", passkeyLoginPOST, "anyone", {
    body: () => ({ credential: fakeCredential("get") }),
  }),
  api("POST /api/login/two-step", twoStepLoginPOST, "anyone", {
    body: () => ({ code: "123456" }),
    fields: { code: { kind: "text" } },
  }),
  api("GET /api/two-step", twoStepGET, "A", { ok: 200 }),
  api("POST /api/two-step/setup", twoStepSetupPOST, "A", { label: "set up" }),
  // Two-step is not set up for A: a well-formed code is 409 and writes nothing.
  api("POST /api/two-step", twoStepPOST, "A", {
    label: "turn on",
    body: () => ({ code: "123456" }),
    fields: { code: { kind: "text" } },
  }),
  api("DELETE /api/two-step", twoStepDELETE, "A", {
    label: "turn off",
    body: () => ({ code: "123456" }),
    fields: { code: { kind: "text" } },
  }),
  api("GET /api/sessions", sessionsGET, "A", { ok: 200 }),
  api("DELETE /api/sessions", sessionsDELETE, "A", { label: "sign out everywhere else", ok: 200 }),
  api("DELETE /api/sessions/:id", sessionDELETE, "A", {
    label: "sign out",
    id: () => "0".repeat(32),
  }),
  api("GET /api/user", userGET, "A", { ok: 200 }),
  api("GET /api/wallet", walletGET, "A", { ok: 200 }),
  api("GET /api/transactions", transactionsGET, "A", {
    query: {
      limit: [
        "0",
        "-5",
        "501",
        "abc",
        "1.5",
        "NaN",
        "Infinity",
        "1e400",
        "99999999999999999999",
        "٣",
      ],
    },
    ok: 200,
  }),
  api("POST /api/transactions/topup", topupPOST, "A", {
    body: () => ({ amount: 12.5 }),
    fields: { amount: { kind: "number" } },
    headers: () => ({ "idempotency-key": `sweep-${Math.random().toString(36).slice(2)}` }),
    ok: 200,
  }),
  api("GET /api/orders", ordersGET, "A", {
    label: "list",
    query: {
      status: ["bogus", "ACTIVE", "", "active ", "🥕", "active,completed", "x".repeat(5000)],
    },
    ok: 200,
  }),
  api("POST /api/orders", ordersPOST, "A", {
    label: "checkout",
    body: () => ({ items: [{ productId: F.productId, quantity: 1 }] }),
    fields: { items: { kind: "array" }, confirmRepeat: { kind: "bool", optional: true } },
    ok: 201,
  }),
  api("GET /api/orders/:id", orderGET, "A", { ...aOrder, ok: 200 }),
  api("PATCH /api/orders/:id", orderPATCH, "A", {
    label: "edit",
    ...aSlotOrder,
    body: () => ({ items: [{ productId: G.productId, quantity: 2 }] }),
    fields: { items: { kind: "array" } },
    headers: () => ({ "idempotency-key": `sweep-${Math.random().toString(36).slice(2)}` }),
    ok: 200,
  }),
  // The control cancels A's own order, so it runs after every other case of the sweep.
  api("POST /api/orders/:id/cancel", cancelPOST, "A", { ...aOrder, ok: 200 }),
  api("POST /api/messages", messagesPOST, "A", {
    label: "send",
    body: () => ({
      receiverId: F.id,
      content: "Do you have kale?",
      clientId: `c-${Math.random().toString(36).slice(2)}`,
    }),
    fields: {
      receiverId: { kind: "int" },
      content: { kind: "text", multiline: true },
      clientId: { kind: "token", optional: true },
    },
    ok: 201,
  }),
  api("GET /api/messages/chats", chatsGET, "A", { ok: 200 }),
  api("GET /api/messages/unread", unreadGET, "A", { ok: 200 }),
  api("GET /api/messages/stream", streamGET, "A"),
  api("GET /api/messages/:userId", conversationGET, "A", {
    id: () => F.id,
    query: {
      before: ["abc", "-1", "0", "1.5", "NaN", "Infinity", "99999999999", "1e400"],
      limit: ["0", "101", "abc", "-3", "1.5", "1e400"],
    },
    ok: 200,
  }),
  api("POST /api/messages/:userId/read", readPOST, "A", { id: () => F.id, ok: 200 }),
  api("GET /api/suppliers", suppliersGET, "A", {
    query: { q: ["x".repeat(101), "🥕".repeat(300), ...CONTROL_QUERIES] },
    ok: 200,
  }),
  api("POST /api/waitlist", waitlistPOST, "anyone", {
    body: () => ({
      fullName: "Mara Okafor",
      email: `mara-${Math.random().toString(36).slice(2)}@greenacre.farm`,
      companyName: "Green Acre",
      role: "farmer",
    }),
    fields: PERSON,
    ok: 201,
  }),
  api("POST /api/demo-requests", demoPOST, "anyone", {
    body: () => ({
      fullName: "Mara Okafor",
      email: `mara-${Math.random().toString(36).slice(2)}@greenacre.farm`,
      companyName: "Green Acre",
      role: "farmer",
      phoneNumber: "+1 250 555 0199",
    }),
    fields: { ...PERSON, phoneNumber: { kind: "text" } },
    ok: 201,
  }),
  api("POST /api/newsletter", newsletterPOST, "anyone", {
    body: () => ({ email: `n-${Math.random().toString(36).slice(2)}@example.test` }),
    fields: { email: { kind: "email" } },
    ok: 201,
  }),
  api("POST /api/contact", contactPOST, "anyone", {
    body: () => ({
      fullName: "Sam Li",
      email: "sam@bistro.ca",
      subject: "Wholesale",
      message: "Do you deliver to Vernon?",
    }),
    fields: {
      fullName: { kind: "text" },
      email: { kind: "email" },
      subject: { kind: "text" },
      message: { kind: "text", multiline: true },
    },
    ok: 201,
  }),
  api("GET /api/my-farm", myFarmGET, "F", { ok: 200 }),
  api("PATCH /api/my-farm", myFarmPATCH, "F", {
    label: "profile",
    body: () => ({
      farmName: "Sweep Acres",
      description: "Greens",
      location: "Kelowna, BC",
      freshSheet: { weekday: 4, hour: 7 },
    }),
    fields: {
      farmName: { kind: "text" },
      description: { kind: "text", optional: true, multiline: true },
      location: { kind: "text" },
    },
    ok: 200,
  }),
  api("GET /api/my-farm/sales", salesGET, "F", { ok: 200 }),
  api("GET /api/my-farm/orders", myOrdersGET, "F", { ok: 200 }),
  api("POST /api/my-farm/orders/:id/complete", completePOST, "G", bOrderFromF),
  api("POST /api/my-farm/orders/:id/adjustments", proposePOST, "G", {
    ...aSlotOrder,
    body: () => ({
      lines: [{ itemId: aSlotItemId, quantity: 5 }],
      note: "Bigger bunches this week",
    }),
    fields: { lines: { kind: "array" }, note: { kind: "text", optional: true, multiline: true } },
    ok: 201,
  }),
  api("POST /api/orders/:id/adjustments/:aid/accept", acceptPOST, "A", {
    params: () => ({ id: String(aAdjOrderId), aid: String(aAcceptCardId) }),
    idParam: { name: "aid", foreign: () => String(bCardId) },
    ok: 200,
  }),
  api("POST /api/orders/:id/adjustments/:aid/decline", declinePOST, "A", {
    params: () => ({ id: String(aAdjOrderId), aid: String(aDeclineCardId) }),
    idParam: { name: "aid", foreign: () => String(bCardId) },
    ok: 200,
  }),
  api("GET /api/my-farm/products", myProductsGET, "F", { ok: 200 }),
  api("POST /api/my-farm/products", myProductsPOST, "F", {
    label: "create",
    body: () => ({
      name: "Rainbow chard",
      description: "Bunch",
      price: 3.5,
      unit: "bunch",
      stock: 20,
      categoryId,
      isFeatured: false,
    }),
    fields: {
      name: { kind: "text" },
      description: { kind: "text", optional: true, multiline: true },
      price: { kind: "number" },
      unit: { kind: "text" },
      stock: { kind: "int", zeroOk: true },
      categoryId: { kind: "int", optional: true },
      isFeatured: { kind: "bool" },
    },
    ok: 201,
  }),
  api("GET /api/my-farm/products/:id", myProductGET, "F", { ...fProduct, ok: 200 }),
  api("PATCH /api/my-farm/products/:id", myProductPATCH, "F", {
    label: "update",
    ...fProduct,
    body: () => ({ price: 2.75, stock: 999, isHidden: false }),
    fields: {
      price: { kind: "number", optional: true },
      stock: { kind: "int", optional: true, zeroOk: true },
      isHidden: { kind: "bool", optional: true },
    },
    ok: 200,
  }),
  api("POST /api/my-farm/password", passwordPOST, "F", {
    body: () => ({ password: "plum-orchard-77", confirmPassword: "plum-orchard-77" }),
    fields: { password: { kind: "password" }, confirmPassword: { kind: "password" } },
  }),
  api("POST /api/my-farm/image", farmImagePOST, "F", { kind: "multipart" }),
  api("POST /api/my-farm/fresh-sheet/test", freshSheetTestPOST, "F", { ok: 202 }),
  api("POST /api/my-farm/products/:id/image", productImagePOST, "F", {
    ...fProduct,
    kind: "multipart",
  }),
  api("DELETE /api/my-farm/products/:id/image", productImageDELETE, "F", {
    label: "remove",
    ...fProduct,
    ok: 200,
  }),
  api("GET /api/my-farm/claim", claimGET, "anyone", { label: "GET", kind: "html" }),
  api("POST /api/my-farm/claim", claimPOST, "anyone", { label: "POST", kind: "html" }),
  // Fulfilment (docs/fulfilment.md): the farm's settings and pack list, slots, the address book.
  api("GET /api/my-farm/fulfilment", fulfilmentGET, "F", { ok: 200 }),
  api("PUT /api/my-farm/fulfilment", fulfilmentPUT, "F", {
    label: "save",
    body: () => ({
      timeZone: "America/Vancouver",
      minimumOrder: 15,
      pickupPoints: [{ name: "Kelowna Farmers' Market", address: "1304 Ellis St", notes: "" }],
      deliveryZones: [{ name: "Kelowna", postalPrefixes: ["V1Y"], fee: 5, freeOver: 75 }],
      windows: [pickupWindowInput(), deliveryWindowInput({ capacity: 20 })],
    }),
    fields: { timeZone: { kind: "text" }, minimumOrder: { kind: "number", zeroOk: true } },
    ok: 200,
  }),
  api("GET /api/my-farm/pack-list", packListGET, "F", {
    baseQuery: { date: "2026-11-28" },
    query: {
      date: ["", "2026-02-30", "28/11/2026", "2026-11-28T00:00", "🥕", "\u0000", "x".repeat(5000)],
      format: ["xml", "CSV", ""],
    },
    ok: 200,
  }),
  // productId may be null (every line of the order), so only the other two fields are swept.
  api("PUT /api/my-farm/pack-list/ticks", packTicksPUT, "G", {
    body: () => ({ orderId: aSlotOrderId, productId: null, packed: true }),
    fields: { orderId: { kind: "int" }, packed: { kind: "bool" } },
    ok: 200,
  }),
  api("GET /api/my-farm/reports/tax", taxReportGET, "F", {
    baseQuery: { from: "2026-11-01", to: "2026-11-30" },
    query: {
      from: ["", "2026-02-30", "01/11/2026", "🥕", "\u0000", "x".repeat(5000)],
      to: ["", "2026-13-01", "2025-01-01", "2028-01-01", "x".repeat(5000)],
      format: ["pdf", "CSV", ""],
    },
    ok: 200,
  }),
  api("GET /api/my-farm/reports/sales", salesReportGET, "F", {
    baseQuery: { from: "2026-11-01", to: "2026-11-30", group: "product" },
    query: {
      from: ["", "2026-02-30", "01/11/2026", "🥕", "\u0000", "x".repeat(5000)],
      to: ["", "2026-13-01", "2025-01-01", "2028-01-01", "x".repeat(5000)],
      group: ["day", "WEEK", "", "x".repeat(5000)],
      format: ["xml", "CSV", ""],
    },
    ok: 200,
  }),
  ...[
    ["quickbooks", quickbooksGET],
    ["xero", xeroGET],
  ].map(([name, handler]) =>
    api(`GET /api/my-farm/exports/${name as string}.csv`, handler, "F", {
      baseQuery: { from: "2026-11-01", to: "2026-11-30" },
      query: {
        from: ["", "2026-02-30", "01/11/2026", "🥕", "\u0000", "x".repeat(5000)],
        to: ["", "2026-13-01", "2025-01-01", "2028-01-01", "x".repeat(5000)],
      },
      ok: 200,
    }),
  ),
  // delta may be negative, so the number sweep (which calls -5 bad) does not apply to it.
  api("POST /api/my-farm/products/:id/stock", stockStepPOST, "F", {
    ...fProduct,
    body: () => ({ delta: 1 }),
    ok: 200,
  }),
  api("POST /api/my-farm/orders/:id/undo-complete", undoCompletePOST, "G", bOrderFromF),
  api("GET /api/farms/:id/slots", slotsGET, "anyone", {
    id: () => F.farmId,
    query: { days: ["0", "61", "-1", "1.5", "abc", "1e1", "٣", "99999999999"] },
    ok: 200,
  }),
  api("GET /api/farms/:id/fulfilment", farmFulfilmentGET, "anyone", {
    id: () => F.farmId,
    query: { days: ["0", "61", "abc"] },
    ok: 200,
  }),
  api("GET /api/addresses", addressesGET, "A", { ok: 200 }),
  api("POST /api/addresses", addressesPOST, "A", {
    label: "add",
    body: () => ({
      label: "Bistro",
      line1: "221 Main St",
      city: "West Kelowna",
      postalCode: "V4T 2K3",
      notes: "Back door",
      isDefault: false,
    }),
    fields: {
      label: { kind: "text" },
      line1: { kind: "text" },
      city: { kind: "text" },
      postalCode: { kind: "text" },
      notes: { kind: "text", optional: true, multiline: true },
      isDefault: { kind: "bool", optional: true },
    },
    ok: 201,
  }),
  api("PATCH /api/addresses/:id", addressPATCH, "A", {
    label: "edit",
    ...aAddress,
    body: () => ({ label: "Home (side door)", postalCode: "V1Y 6N3" }),
    fields: {
      label: { kind: "text", optional: true },
      postalCode: { kind: "text", optional: true },
    },
    ok: 200,
  }),
  api("GET /api/orders/:id/receipt.pdf", receiptGET, "A", { ...aOrder, ok: 200 }),
  api("GET /api/business-account", businessGET, "A", { ok: 200 }),
  api("POST /api/business-account", businessPOST, "A", {
    label: "apply",
    body: () => ({
      companyName: "Bench Bistro",
      businessNumber: "812345670",
      address: "1875 Pandosy St, Kelowna",
      postalCode: "V1Y 1R3",
    }),
    fields: {
      companyName: { kind: "text" },
      businessNumber: { kind: "text" },
      address: { kind: "text" },
      postalCode: { kind: "text" },
    },
    ok: 202,
  }),
  // Standing orders (docs/restaurants.md): restaurants only.
  api("GET /api/standing-orders", standingGET, "R", { ok: 200 }),
  api("POST /api/standing-orders", standingPOST, "R", {
    label: "create",
    body: () => ({
      farmId: G.farmId,
      items: [{ productId: G.productId, quantity: 3 }],
      weekday: 6,
      kind: "pickup",
      everyWeeks: 2,
    }),
    fields: {
      farmId: { kind: "int" },
      items: { kind: "array" },
      weekday: { kind: "int", zeroOk: true },
      kind: { kind: "enum" },
      pickupPointId: { kind: "int", optional: true },
      everyWeeks: { kind: "int", optional: true },
    },
    ok: 201,
  }),
  api("PATCH /api/standing-orders/:id", standingPATCH, "R", {
    label: "change",
    ...rStanding,
    body: () => ({ items: [{ productId: G.productId, quantity: 4 }] }),
    fields: { items: { kind: "array" } },
    ok: 200,
  }),
  api("GET /api/standing-orders/:id/products", standingProductsGET, "R", { ...rStanding, ok: 200 }),
  // Its control cancels R's standing order, so it comes after the change.
  api("DELETE /api/standing-orders/:id", standingDELETE, "R", {
    label: "cancel",
    ...rStanding,
    ok: 200,
  }),
  // Food hubs (docs/hubs.md): H's hub and its supplier G; H2's hub and farm X are foreign.
  api("GET /api/my-hub", myHubGET, "H", { ok: 200 }),
  api("PUT /api/my-hub", myHubPUT, "H", {
    label: "save",
    body: () => ({ name: "Sweep Hub", description: "", location: "Kelowna" }),
    fields: {
      name: { kind: "text" },
      description: { kind: "text", optional: true, multiline: true },
      location: { kind: "text" },
    },
    ok: 200,
  }),
  api("GET /api/my-hub/fulfilment", hubFulfilmentGET, "H", { ok: 200 }),
  api("PUT /api/my-hub/fulfilment", hubFulfilmentPUT, "H", {
    label: "save",
    body: () => ({
      timeZone: "America/Vancouver",
      minimumOrder: 25,
      pickupPoints: [{ name: "Hub dock", address: "1100 Ellis St", notes: "" }],
      deliveryZones: [],
      windows: [],
    }),
    fields: { timeZone: { kind: "text" }, minimumOrder: { kind: "number", zeroOk: true } },
    ok: 200,
  }),
  api("GET /api/my-hub/suppliers", hubSuppliersGET, "H", { ok: 200 }),
  api("POST /api/my-hub/suppliers", hubSuppliersPOST, "H", {
    label: "invite",
    body: () => ({ farmId: F.farmId }),
    fields: { farmId: { kind: "int" } },
    ok: 201,
  }),
  api("PUT /api/my-hub/suppliers/:farmId", supplierPUT, "H", {
    label: "margin",
    id: () => G.farmId,
    foreign: () => xFarmId,
    body: () => ({ margin: 20 }),
    fields: { margin: { kind: "number", zeroOk: true } },
    ok: 200,
  }),
  api("GET /api/my-farm/hubs", farmHubsGET, "G", { ok: 200 }),
  api("PUT /api/my-farm/hubs/:hubId", farmHubPUT, "G", {
    label: "accept",
    id: () => H.hubId,
    foreign: () => h2HubId,
    body: () => ({ status: "active", wholesaleDiscount: 10 }),
    fields: {
      status: { kind: "enum" },
      wholesaleDiscount: { kind: "number", optional: true, zeroOk: true },
    },
    ok: 200,
  }),
  // Farm shares (docs/shares.md): G's plan, A's membership (B's is the foreign one).
  api("GET /api/my-farm/shares", farmSharesGET, "G", { ok: 200 }),
  api("POST /api/my-farm/shares", farmSharesPOST, "G", {
    label: "create",
    body: () => ({
      name: "Second box",
      boxPrice: 18.5,
      everyWeeks: 2,
      seasonStart: shareDate,
      seasonEnd: plusWeeks(shareDate, 6),
      capacity: 8,
      skipsPerSeason: 1,
      fulfilment: { kind: "pickup", pickupPointId: gPointId },
      payment: ["weekly"],
    }),
    fields: {
      name: { kind: "text" },
      description: { kind: "text", optional: true, multiline: true },
      boxPrice: { kind: "number" },
      everyWeeks: { kind: "int" },
      seasonStart: { kind: "text" },
      seasonEnd: { kind: "text" },
      capacity: { kind: "int" },
      skipsPerSeason: { kind: "int", zeroOk: true },
      fulfilment: { kind: "enum" },
      payment: { kind: "array" },
    },
    ok: 201,
  }),
  api("GET /api/my-farm/shares/:planId", farmSharePlanGET, "G", {
    id: () => gPlanId,
    foreign: () => fPlanId,
    ok: 200,
  }),
  api("PATCH /api/my-farm/shares/:planId", farmSharePlanPATCH, "G", {
    label: "change",
    id: () => gPlanId,
    foreign: () => fPlanId,
    body: () => ({ capacity: 12 }),
    fields: { capacity: { kind: "int" } },
    ok: 200,
  }),
  api("PUT /api/my-farm/shares/:planId/boxes/:date", shareBoxPUT, "G", {
    params: () => ({ planId: String(gPlanId), date: shareDate }),
    idParam: { name: "planId", foreign: () => String(fPlanId) },
    body: () => ({
      items: [{ productId: G.productId, quantity: 1 }],
      swapOptions: [{ productId: gSwapProductId, quantity: 1 }],
    }),
    // swapOptions may be empty (a box without options), so only the items are swept as an array.
    fields: { items: { kind: "array" } },
    ok: 200,
  }),
  api("GET /api/farms/:id/shares", publicSharesGET, "anyone", { id: () => G.farmId, ok: 200 }),
  api("POST /api/shares/:planId/members", shareJoinPOST, "R", {
    label: "join",
    id: () => gPlanId,
    body: () => ({ payment: "weekly" }),
    fields: {
      payment: { kind: "enum" },
      instalments: { kind: "int", optional: true },
      pickupPointId: { kind: "int", optional: true },
      addressId: { kind: "int", optional: true },
    },
    ok: 201,
  }),
  api("GET /api/shares/open", sharesNearGET, "A", { ok: 200 }),
  api("GET /api/me/shares", mySharesGET, "A", { ok: 200 }),
  api("PUT /api/me/shares/:id/boxes/:date", shareSwapPUT, "A", {
    params: () => ({ id: String(aShareId), date: shareDate }),
    idParam: { name: "id", foreign: () => String(bShareId) },
    // An empty list is valid (it clears the swaps): the body's shape is swept, not the list.
    body: () => ({ swaps: [{ out: G.productId, in: gSwapProductId }] }),
    ok: 200,
  }),
  api("PUT /api/me/shares/:id/never", shareNeverPUT, "A", {
    id: () => aShareId,
    foreign: () => bShareId,
    // An empty list is valid (it clears the nevers): the body's shape is swept, not the list.
    body: () => ({ productIds: [] }),
    ok: 200,
  }),
  api("POST /api/me/shares/:id/skip", shareSkipPOST, "A", {
    label: "skip",
    id: () => aShareId,
    foreign: () => bShareId,
    body: () => ({ date: shareDate }),
    fields: { date: { kind: "text" } },
    ok: 200,
  }),
  api("DELETE /api/me/shares/:id/skip", shareUnskipDELETE, "A", {
    label: "undo",
    id: () => aShareId,
    foreign: () => bShareId,
    baseQuery: { date: shareDate },
    query: { date: ["", "2026-02-30", "🥕", "\u0000", "x".repeat(5000)] },
    ok: 200,
  }),
  api("POST /api/me/shares/:id/pause", sharePausePOST, "A", {
    label: "pause",
    id: () => aShareId,
    foreign: () => bShareId,
    body: () => ({ until: plusWeeks(shareDate, 2) }),
    fields: { until: { kind: "text" } },
    ok: 200,
  }),
  api("POST /api/me/shares/:id/resume", shareResumePOST, "A", {
    label: "resume",
    id: () => aShareId,
    foreign: () => bShareId,
    ok: 200,
  }),
  // The box email's signed link: like the unsubscribe, the token in its path is the authority
  // (before the cancel below, whose control cancels A's share).
  api("POST /api/share-links/:token", shareLinkPOST, "anyone", {
    label: "confirm",
    id: () => aShareLink(),
    foreign: () => aShareLink().replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    body: () => ({ swaps: [{ out: G.productId, in: gSwapProductId }] }),
    ok: 200,
  }),
  api("DELETE /api/me/shares/:id", shareCancelDELETE, "A", {
    label: "cancel",
    id: () => aShareId,
    foreign: () => bShareId,
    ok: 200,
  }),
  // Pay on account (docs/restaurants.md): G's customers and credit lines, R's statements.
  api("GET /api/payments/config", paymentsConfigGET, "anyone", { ok: 200 }),
  api("GET /api/payments/top-ups/:id", topUpStatusGET, "A", { ...aTopUp, ok: 200 }),
  api("POST /api/webhooks/stripe", stripeWebhookPOST, "anyone", { crossSiteAllowed: true }),
  api("GET /api/my-farm/today", farmTodayGET, "G", { ok: 200 }),
  api("GET /api/my-farm/payouts", payoutsGET, "G", { ok: 200 }),
  api("GET /api/my-farm/payouts/:id", payoutGET, "G", {
    ...gPayout,
    query: { format: ["xml", "", "CSV", "csv;", "json\u0000"] },
    ok: 200,
  }),
  api("GET /api/my-farm/payouts/:id/statement.pdf", payoutPdfGET, "G", { ...gPayout, ok: 200 }),
  api("POST /api/my-farm/payouts/connect", payoutsConnectPOST, "G"),
  api("GET /api/my-farm/customers", customersGET, "G", { ok: 200 }),
  api("PUT /api/my-farm/customers/:buyerId/credit", creditPUT, "G", {
    label: "set",
    ...rCredit,
    body: () => ({ limit: 1500.5 }),
    fields: { limit: { kind: "number", zeroOk: true } },
    ok: 200,
  }),
  api("DELETE /api/my-farm/customers/:buyerId/credit", creditDELETE, "G", {
    label: "remove",
    ...rCredit,
    ok: 200,
  }),
  api("GET /api/credit-lines", creditLinesGET, "R", { ok: 200 }),
  api("GET /api/invoices", invoicesGET, "R", { ok: 200 }),
  api("GET /api/invoices/:id", invoiceGET, "R", { ...rStatement, ok: 200 }),
  api("GET /api/invoices/:id/invoice.pdf", invoicePdfGET, "R", { ...rStatement, ok: 200 }),
  api("POST /api/invoices/:id/pay", invoicePayPOST, "R", { ...rStatement, ok: 200 }),
  // Notifications (docs/notifications.md). The one-click unsubscribe is posted by mail clients from
  // anywhere: it is authorised by the signed token in its path, never by the cookie.
  api("GET /api/notification-preferences", notificationPrefsGET, "A", { ok: 200 }),
  api("PUT /api/notification-preferences", notificationPrefsPUT, "A", {
    label: "change",
    body: () => ({ email: { unread_messages: false }, push: { new_order: true } }),
    fields: { email: { kind: "enum", optional: true }, push: { kind: "enum", optional: true } },
    ok: 200,
  }),
  api("GET /api/push-subscriptions", pushSubscriptionsGET, "A", { ok: 200 }),
  api("POST /api/push-subscriptions", pushSubscriptionsPOST, "A", {
    label: "subscribe",
    body: () => ({
      endpoint: "https://fcm.googleapis.com/fcm/send/sweep-new",
      expirationTime: null,
      keys: PUSH_KEYS,
    }),
    // A wrong value of any kind for the keys object is a 400 as for a text field.
    fields: { endpoint: { kind: "text" }, keys: { kind: "text" } },
    ok: 201,
  }),
  api("DELETE /api/push-subscriptions/:id", pushSubscriptionDELETE, "A", {
    label: "unsubscribe",
    ...aPush,
    ok: 200,
  }),
  api("GET /api/fresh-sheets", freshSheetsGET, "A", { ok: 200 }),
  api("PUT /api/fresh-sheets/:farmId", freshSheetPUT, "A", {
    id: () => F.farmId,
    body: () => ({ email: false }),
    fields: { email: { kind: "bool" } },
    ok: 200,
  }),
  api("GET /api/unsubscribe/:token", unsubscribeGET, "anyone", {
    label: "page",
    params: () => ({ token: unsubscribeToken(B.id, "order_placed") }),
    ok: 303,
  }),
  api("POST /api/unsubscribe/:token", unsubscribePOST, "anyone", {
    label: "one-click",
    id: () => unsubscribeToken(B.id, "cutoff_reminder"),
    foreign: () =>
      unsubscribeToken(B.id, "cutoff_reminder").replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    crossSiteAllowed: true,
    ok: 200,
  }),
  // Its control removes A's address, so it comes after the edit.
  api("DELETE /api/addresses/:id", addressDELETE, "A", { label: "remove", ...aAddress, ok: 200 }),
];

// ---- case generation ----------------------------------------------------------------------------

const LONG = "ä".repeat(20_000); // 40 KB of UTF-8: under the body cap, over every field limit
const BAD_IDS = [
  "abc",
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "99999999999",
  "2147483648",
  "١٢",
  "１",
  " 1",
  "1 ",
  "<script>",
  "%00",
  "💥",
  "NaN",
];

function wrongValues(field: Field): [string, unknown][] {
  const v: [string, unknown][] = [
    ["null", null],
    ["object", { $gt: "" }],
    ["array", ["x"]],
  ];
  if (field.kind !== "bool") v.push(["boolean", true]);
  if (field.kind === "number" || field.kind === "int") {
    v.push(
      ["string number", "12"],
      ["negative", -5],
      ["huge", 1e308],
      ["2^31", 2 ** 31],
      ["2^53+", 2 ** 53 + 2],
      ["NaN string", "NaN"],
      ["Infinity string", "Infinity"],
      ["empty string", ""],
    );
    if (!field.zeroOk) v.push(["zero", 0]);
    if (field.kind === "int") v.push(["float", 1.5], ["tiny float", 1e-9]);
    else
      v.push(
        ["three decimals", 1.005],
        ["tiny", 0.001],
        ["nine decimals under a cent", 0.009999999],
        ["float noise", 0.30000000000000004],
      );
  } else if (field.kind === "bool") {
    v.push(["string true", "true"], ["number 1", 1]);
  } else if (field.kind === "array") {
    v.push(
      ["empty array", []],
      ["string", "items"],
      ["array of nulls", [null]],
      ["51 lines", Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 }))],
      ["negative quantity", [{ productId: 1, quantity: -1 }]],
      ["float quantity", [{ productId: 1, quantity: 1.5 }]],
      ["huge quantity", [{ productId: 1, quantity: 1e9 }]],
      ["string productId", [{ productId: "1", quantity: 1 }]],
      ["huge productId", [{ productId: 2 ** 31, quantity: 1 }]],
      ["unknown productId", [{ productId: 2_000_000_000, quantity: 1 }]],
      [
        "price injection on unknown product",
        [{ productId: 2_000_000_001, quantity: 1, priceCents: 1 }],
      ],
    );
  } else {
    v.push(["number", 42], ["very long", LONG]);
    if (!field.optional) v.push(["empty", ""], ["spaces", "   "], ["tabs/newlines", "\t\n\r "]);
    // Invisible-only text (zero-width space, joiners, word joiner, bidi marks) must not pass as a name.
    if (!field.optional && field.kind === "text")
      v.push(["zero-width only", "\u200b\u200d\u2060"], ["bidi marks only", "\u200e\u200f "]);
    if (field.kind === "email")
      v.push(
        ["no at", "mara.example.test"],
        ["emoji email", "🥕@🥕"],
        ["RTL email", "\u202emoc.elpmaxe@aram"],
        ["zero-width email", "a\u200b@b"],
        ["two ats", "a@@b.co"],
        ["header injection", "a@b.co\r\nBcc: x@y.z"],
      );
    if (field.kind === "username")
      v.push(
        ["emoji username", "🥕carrot"],
        ["RTL username", "\u202eevil"],
        ["zero-width username", "ana\u200bruiz"],
        ["spaces inside", "ana ruiz"],
        ["33 chars", "a".repeat(33)],
      );
    if (field.kind === "token")
      v.push(
        ["emoji token", "🥕"],
        ["zero-width token", "a\u200bb"],
        ["65 chars", "a".repeat(65)],
        ["slash", "../etc"],
      );
    if (field.kind === "enum")
      v.push(
        ["unknown", "admin"],
        ["case", "FARMER"],
        ["emoji", "🥕"],
        ["padded RTL", "\u202efarmer"],
      );
    if (field.kind === "password") v.push(["129 chars", "p".repeat(129)]);
    // C0 control characters are refused in every text field (NUL once reached PostgreSQL and
    // answered 500); tab and newline only where the field is multi-line.
    v.push(
      ["NUL inside", "plum\u0000orchard-77"],
      ["NUL only", "\u0000"],
      ["bell inside", "plum\u0007orchard-77"],
      ["ANSI escape inside", "plum\u001b[31morchard-77"],
      ["DEL inside", "plum\u007forchard-77"],
      ["backspace inside", "plum\borchard-77"],
    );
    if (!field.multiline)
      v.push(
        ["newline inside", "plum\norchard-77"],
        ["tab inside", "plum\torchard-77"],
        ["CR inside", "plum\rorchard-77"],
      );
  }
  return v;
}

const BAD_CURSORS = [
  "253402300800000.1",
  "999999999999999.1",
  "8640000000000001.1",
  "1.0",
  "-1.1",
  "%zz",
  "1.99999999999",
];
const contractOf = (e: Endpoint) =>
  contracts.find((c) => c.method === e.method && c.path === e.path.replace(/:(\w+)/g, "{$1}"));

function casesFor(e: Endpoint): Case[] {
  const out: Case[] = [];
  const mutating = e.method !== "GET";
  if (e.auth === "required") {
    out.push({ endpoint: e, label: "no session", cookie: null, status: 401 });
    out.push({
      endpoint: e,
      label: "forged session cookie",
      cookie:
        "__Host-ff_session=forged-value-123; ff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; authjs.session-token=forged",
      status: 401,
    });
    // Malformed cookie headers are "not signed in", never a 500 (a percent-decoding error once was).
    for (const cookie of [
      "authjs.session-token=%E0%A4%A",
      "ff_session=%E0%A4%A",
      "__Host-ff_session=%",
      "ff_session",
      "=; ;;ff_session==x=; __Host-ff_session=Ã¼%%",
      `ff_session=${"A".repeat(8000)}`,
    ]) {
      out.push({
        endpoint: e,
        label: `malformed cookie ${JSON.stringify(cookie.slice(0, 30))}`,
        cookie,
        status: 401,
      });
    }
  }
  if (mutating && !e.crossSiteAllowed) {
    out.push({
      endpoint: e,
      label: "cross-site Origin with a session cookie",
      headers: { origin: "https://evil.example" },
      status: 403,
    });
    out.push({
      endpoint: e,
      label: "Origin: null with a session cookie",
      headers: { origin: "null" },
      status: 403,
    });
    out.push({
      endpoint: e,
      label: "lookalike Origin",
      headers: { origin: "http://localhost:3000.evil.example" },
      status: 403,
    });
    out.push({
      endpoint: e,
      label: "Sec-Fetch-Site: cross-site without Origin",
      headers: { origin: "", "sec-fetch-site": "cross-site" },
      status: 403,
    });
  }
  if (e.idParam) {
    const { name, foreign } = e.idParam;
    // With a valid body where there is one, so the id is what gets judged.
    const body = e.body ? "VALID" : undefined;
    for (const bad of BAD_IDS)
      out.push({
        endpoint: e,
        label: `path ${name}=${JSON.stringify(bad)}`,
        params: { [name]: bad },
        body,
      });
    out.push({
      endpoint: e,
      label: `path ${name} unknown`,
      params: { [name]: "2000000000" },
      body,
      status: 404,
    });
    if (foreign)
      out.push({
        endpoint: e,
        label: `path ${name} belongs to someone else`,
        params: { [name]: "FOREIGN" },
        body,
        status: 404,
      });
  }
  // A path segment Next could not decode reaches the handler as sent: 400, on every parameter.
  for (const name of (e.path.match(/:\w+/g) ?? []).map((p) => p.slice(1)))
    for (const bad of ["%zz", "%", "%E0%A4%A"])
      out.push({
        endpoint: e,
        label: `path ${name}=${JSON.stringify(bad)} (malformed escape)`,
        params: { [name]: bad },
        body: e.body ? "VALID" : undefined,
        status: 400,
      });
  // Every list the registry gives a cursor: a cursor past year 9999 once answered 500.
  if (contractOf(e)?.query && "cursor" in ((contractOf(e)!.query as z.ZodObject).shape ?? {}))
    for (const cursor of BAD_CURSORS)
      out.push({
        endpoint: e,
        label: `query cursor=${JSON.stringify(cursor)}`,
        path: `${e.path}?${new URLSearchParams({ ...e.baseQuery, cursor })}`,
        status: 400,
      });
  if (e.query) {
    for (const [key, values] of Object.entries(e.query)) {
      for (const v of values)
        out.push({
          endpoint: e,
          label: `query ${key}=${JSON.stringify(v.length > 40 ? v.slice(0, 20) + "…" : v)}`,
          path: `${e.path}?${new URLSearchParams({ ...e.baseQuery, [key]: v })}`,
          status: 400,
        });
    }
  }
  if (
    e.name === "transactions/topup" ||
    e.name === "orders (checkout)" ||
    e.name === "orders/[id] (edit)"
  ) {
    // Non-ASCII keys arrive as raw UTF-8 bytes (what a client sending "clé-🥕" puts on the wire).
    for (const key of [
      "",
      "   ",
      "k".repeat(201),
      "clé-🥕",
      "a\u200bb",
      "\u202ertl",
      "tab\tinside",
    ].map((k) => Buffer.from(k).toString("latin1"))) {
      out.push({
        endpoint: e,
        label: `Idempotency-Key ${JSON.stringify(key.length > 40 ? key.slice(0, 10) + "…" : key)}`,
        headers: { "idempotency-key": key },
        body: "VALID",
        status: 400,
      });
    }
  }
  if (e.kind === "multipart") {
    out.push({
      endpoint: e,
      label: "JSON instead of multipart",
      body: { image: "data:image/png;base64,AAAA" },
      status: 415,
    });
    out.push({
      endpoint: e,
      label: "garbage multipart",
      rawBody: "--x\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      status: 400,
    });
    out.push({
      endpoint: e,
      label: "text file as image",
      rawBody: multipart("hello", "text/plain"),
      headers: { "content-type": "multipart/form-data; boundary=SWEEP" },
      status: 415,
    });
    out.push({
      endpoint: e,
      label: "SVG with script as image",
      rawBody: multipart(
        "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
        "image/svg+xml",
      ),
      headers: { "content-type": "multipart/form-data; boundary=SWEEP" },
      status: 415,
    });
    out.push({
      endpoint: e,
      label: "empty file",
      rawBody: multipart("", "image/png"),
      headers: { "content-type": "multipart/form-data; boundary=SWEEP" },
      status: 400,
    });
    out.push({
      endpoint: e,
      label: "3 MB upload",
      rawBody: multipart("x".repeat(3 * 1024 * 1024), "image/png"),
      headers: { "content-type": "multipart/form-data; boundary=SWEEP" },
      status: 413,
    });
    out.push({
      endpoint: e,
      label: "shopper (not a farmer)",
      cookie: "SHOPPER",
      rawBody: multipart("x", "image/png"),
      headers: { "content-type": "multipart/form-data; boundary=SWEEP" },
      status: 403,
    });
  }
  if (e.kind === "html" && mutating) {
    out.push({
      endpoint: e,
      label: "no token",
      rawBody: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    out.push({
      endpoint: e,
      label: "bogus token",
      rawBody: "token=bogus",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    out.push({
      endpoint: e,
      label: "emoji token",
      rawBody: `token=${encodeURIComponent("🥕\u202e")}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    out.push({
      endpoint: e,
      label: "oversized body",
      rawBody: `token=${"a".repeat(10_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }
  if (e.kind === "html" && !mutating) {
    out.push({ endpoint: e, label: "no token", status: 400 });
  }
  if (e.body) {
    const json = { "content-type": "application/json" };
    for (const raw of [
      "{",
      '{"a":}',
      "{'a':1}",
      "[1,2",
      "nul",
      "undefined",
      '{"amount":1}}',
      "\u0000",
      "\ufeff{}x",
      '{"__proto__":',
    ]) {
      out.push({
        endpoint: e,
        label: `malformed JSON ${JSON.stringify(raw)}`,
        rawBody: raw,
        headers: json,
        status: 400,
      });
    }
    for (const [label, value] of [
      ["array body", []],
      ["array of the valid body", "VALID_IN_ARRAY"],
      ["null body", null],
      ["string body", "hello"],
      ["number body", 42],
      ["boolean body", true],
      ["empty object", {}],
    ] as [string, unknown][]) {
      out.push({ endpoint: e, label, body: value, status: 400 });
    }
    out.push({ endpoint: e, label: "body over 64 KB", body: "HUGE", status: 413 });
    out.push({
      endpoint: e,
      label: "body over 64 KB without Content-Length",
      rawBody: "HUGE_RAW",
      headers: json,
      status: 413,
    });
    if (
      Object.values(e.fields ?? {}).some(
        (f) => f.kind === "number" || f.kind === "int" || f.kind === "array",
      )
    ) {
      out.push({
        endpoint: e,
        label: "raw 1e999 (Infinity) in every numeric field",
        rawBody: "INFINITY",
        headers: json,
        status: 400,
      });
    }
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/json-patch+json",
      "application/jsonx",
    ]) {
      out.push({
        endpoint: e,
        label: `content-type ${type}`,
        rawBody: "VALID_JSON",
        headers: { "content-type": type },
        status: 415,
      });
    }
    for (const [name, field] of Object.entries(e.fields ?? {})) {
      if (!field.optional)
        out.push({
          endpoint: e,
          label: `missing ${name}`,
          body: { FIELD: name, OMIT: true },
          status: 400,
        });
      for (const [label, value] of wrongValues(field)) {
        if (field.optional && label === "null" && (name === "categoryId" || name === "username"))
          continue; // null is a valid "none" there
        const control = typeof value === "string" && /[\u0000-\u001f\u007f]/.test(value.trim());
        // A control character is a 400 that names the field (the shared text rule), not just any 4xx.
        out.push({
          endpoint: e,
          label: `${name}: ${label}`,
          body: { FIELD: name, VALUE: value },
          ...(control ? { status: 400, field: name } : {}),
        });
      }
    }
  }
  return out;
}

function multipart(content: string, type: string) {
  return `--SWEEP\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--SWEEP--\r\n`;
}

// ---- running a case -----------------------------------------------------------------------------

const TABLES = [
  "User",
  "Farm",
  "Category",
  "Product",
  "Order",
  "OrderItem",
  "OrderEvent",
  "Message",
  "MessageAttachment",
  "Wallet",
  "Transaction",
  "IdempotencyKey",
  "WaitlistEntry",
  "DemoRequest",
  "NewsletterSubscriber",
  "ContactMessage",
  "SheetsOutbox",
  "LoginToken",
  "Address",
  "PickupPoint",
  "DeliveryZone",
  "FulfilmentWindow",
  "FulfilmentSlot",
  "OrderFulfilment",
  "BusinessAccount",
  "StandingOrder",
  "StandingOrderOccurrence",
  "OrderAdjustment",
  "CreditLine",
  "Statement",
  "Notification",
  "NotificationPreference",
];

/**
 * One fingerprint of every row of every table (an md5 of the rows as text), so an UPDATE is caught
 * as well as an INSERT. Session rows are counted only (their lastSeenAt slides on use, by design);
 * RateLimitCounter counts attempts on purpose and is left out.
 */
async function fingerprint(): Promise<string> {
  const parts = TABLES.map(
    (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x)`,
  );
  parts.push(`(select count(*)::text from "Session")`);
  const rows = await db.$queryRawUnsafe<{ f: string }[]>(
    `select concat_ws(',', ${parts.join(", ")}) as f`,
  );
  return rows[0].f;
}

function resolveBody(c: Case): { body?: unknown; rawBody?: string } {
  const e = c.endpoint;
  const valid = e.body?.();
  if (c.rawBody === "VALID_JSON") return { rawBody: JSON.stringify(valid) };
  if (c.rawBody === "HUGE_RAW")
    return { rawBody: JSON.stringify({ ...valid, pad: "x".repeat(70 * 1024) }) };
  if (c.rawBody === "INFINITY") {
    const numeric = Object.entries(e.fields ?? {}).filter(
      ([, f]) => f.kind === "number" || f.kind === "int",
    );
    const arrays = Object.entries(e.fields ?? {}).filter(([, f]) => f.kind === "array");
    let text = JSON.stringify({
      ...valid,
      ...Object.fromEntries(numeric.map(([k]) => [k, 424242])),
      ...Object.fromEntries(arrays.map(([k]) => [k, [{ productId: 424242, quantity: 424242 }]])),
    });
    text = text.replaceAll("424242", "1e999");
    return { rawBody: text };
  }
  if (c.rawBody !== undefined) return { rawBody: c.rawBody };
  if (c.body === "HUGE") return { body: { ...valid, pad: "x".repeat(70 * 1024) } };
  if (c.body === "VALID_IN_ARRAY") return { body: [valid] };
  if (c.body === "VALID") return { body: valid };
  if (c.body && typeof c.body === "object" && "FIELD" in c.body) {
    const { FIELD, VALUE, OMIT } = c.body as { FIELD: string; VALUE?: unknown; OMIT?: boolean };
    const b = { ...valid } as Record<string, unknown>;
    if (OMIT) delete b[FIELD];
    else b[FIELD] = VALUE;
    return { body: b };
  }
  return c.body === undefined ? {} : { body: c.body };
}

function cookieFor(c: Case): string | undefined {
  if (c.cookie === null) return undefined;
  if (c.cookie === "SHOPPER") return A.cookie;
  if (c.cookie !== undefined) return c.cookie;
  return c.endpoint.auth === "none" ? A.cookie : (c.endpoint.cookie ?? (() => A.cookie))();
}

async function run(c: Case, extra: Record<string, string> = {}) {
  const e = c.endpoint;
  const params = { ...e.params?.(), ...c.params };
  for (const [k, v] of Object.entries(params))
    if (v === "FOREIGN") params[k] = e.idParam!.foreign!();
  let path = c.path ?? (e.baseQuery ? `${e.path}?${new URLSearchParams(e.baseQuery)}` : e.path);
  for (const [k, v] of Object.entries(params)) path = path.replace(`:${k}`, encodeURIComponent(v));
  const headers = { ...e.headers?.(), ...extra, ...c.headers };
  if (headers.origin === "") delete headers.origin;
  const b = resolveBody(c);
  // call() adds our own Origin to mutations unless one is given; the Sec-Fetch-Site case must have none.
  if (c.headers?.origin === "") {
    const req = new Request(ORIGIN + path, {
      method: e.method,
      headers: {
        host: "localhost:3000",
        "sec-fetch-site": "cross-site",
        cookie: cookieFor(c) ?? "",
        "content-type": "application/json",
      },
      body: JSON.stringify(e.body?.() ?? {}),
    });
    const res = await e.handler(req, { params: Promise.resolve(params) });
    const text = await res.text();
    return { status: res.status, text, json: safeJson(text), headers: res.headers };
  }
  return call(e.handler, path, {
    method: e.method,
    ...b,
    headers,
    cookie: cookieFor(c),
    params,
    ip: nextIp(),
  });
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const allCases = endpoints.flatMap(casesFor);
let tried = 0;
const failures: string[] = [];

describe("bad-input sweep over every /api route handler", () => {
  // ~10-15 s on a quiet machine; 1,311 real requests need room on a loaded 2-core CI box.
  it(
    `every bad request gets a 4xx with a clear JSON message and writes nothing (${allCases.length} cases)`,
    { timeout: 600_000 },
    async () => {
      for (const c of allCases) {
        const where = `${c.endpoint.method} ${c.endpoint.name} — ${c.label}`;
        const before = await fingerprint();
        let res: Awaited<ReturnType<typeof run>>;
        try {
          res = await run(c);
        } catch (error) {
          failures.push(`${where}: threw ${String(error).slice(0, 200)}`);
          continue;
        }
        const after = await fingerprint();
        tried++;
        const problems: string[] = [];
        if (res.status < 400 || res.status > 499) problems.push(`status ${res.status}`);
        if (c.status !== undefined && res.status !== c.status)
          problems.push(`expected ${c.status}, got ${res.status}`);
        if (c.endpoint.kind !== "html") {
          const message = (res.json as { message?: unknown } | undefined)?.message;
          if (typeof message !== "string" || message.trim().length < 3)
            problems.push(`no JSON message: ${res.text.slice(0, 120)}`);
          const fieldMessage = (res.json as { errors?: Record<string, unknown> } | undefined)
            ?.errors?.[c.field ?? ""];
          if (c.field && (typeof fieldMessage !== "string" || fieldMessage.length < 3))
            problems.push(`no message for ${c.field}: ${res.text.slice(0, 160)}`);
        } else if (!/<title>/i.test(res.text)) {
          problems.push("claim page without a title");
        }
        if (
          /\bat [\w.<>]+ \(|prisma|node_modules|stack trace|\bP20\d\d\b/i.test(res.text) ||
          /\b(SELECT|INSERT|UPDATE) .*"/.test(res.text)
        )
          problems.push(`leaks internals: ${res.text.slice(0, 160)}`);
        if (before !== after) problems.push("the database changed");
        if (problems.length) failures.push(`${where}: ${problems.join("; ")}`);
      }
      console.log(
        `[bad-input] ${tried} cases over ${endpoints.length} handlers; ${failures.length} failed`,
      );
      expect(failures).toEqual([]);
      // The sweep must not silently shrink (endpoints or generators removed).
      expect(tried).toBeGreaterThan(900);
      expect(new Set(allCases.map((c) => c.endpoint.handler)).size).toBeGreaterThanOrEqual(44);
    },
  );

  it("unicode that is valid input is stored exactly (emoji, RTL, combining marks) and answers 201", async () => {
    const content = "Ça va? 🥕🧅 مرحبا \u202eabc\u202c e\u0301 𝒻𝒶𝓇𝓂";
    const sent = await call(messagesPOST, "/api/messages", {
      body: { receiverId: F.id, content },
      cookie: A.cookie,
    });
    expect(sent.status).toBe(201);
    expect(sent.json.content ?? sent.json.message?.content).toBe(content);
    const stored = await db.message.findFirst({ where: { senderId: A.id, content } });
    expect(stored?.content).toBe(content);
    const contact = await call(contactPOST, "/api/contact", {
      body: {
        fullName: "Zoë Ñúñez 李",
        email: "zoe@example.test",
        subject: "🥕 wholesale",
        message: "שלום",
      },
      ip: nextIp(),
    });
    expect(contact.status).toBe(201);
    expect(await db.contactMessage.count({ where: { fullName: "Zoë Ñúñez 李" } })).toBe(1);
  });

  it("multi-line fields keep tab and newline inside (messages, contact); one-line fields refuse them with the field's message", async () => {
    const content = "Two crates:\n\t- kale\r\n\t- chard";
    const sent = await call(messagesPOST, "/api/messages", {
      body: { receiverId: F.id, content },
      cookie: A.cookie,
    });
    expect(sent.status).toBe(201);
    expect((await db.message.findFirst({ where: { senderId: A.id, content } }))?.content).toBe(
      content,
    );
    const contact = await call(contactPOST, "/api/contact", {
      body: {
        fullName: "Tab Tester",
        email: "tab@example.test",
        subject: "Order",
        message: "Line one\nLine two\tindented",
      },
      ip: nextIp(),
    });
    expect(contact.status).toBe(201);
    const oneLine = await call(contactPOST, "/api/contact", {
      body: { fullName: "Tab\tTester", email: "tab@example.test", subject: "Order", message: "x" },
      ip: nextIp(),
    });
    expect(oneLine.status).toBe(400);
    expect(oneLine.json.errors).toEqual({ fullName: "Name must not contain control characters" });
    const nul = await call(searchGET, `/api/products/search?q=${encodeURIComponent("a\u0000b")}`);
    expect([nul.status, nul.json.code, nul.json.errors]).toEqual([
      400,
      "validation",
      { q: "Search text must not contain control characters" },
    ]);
  });

  it("malformed request lines on every route of the registry: a broken %-escape or a dot segment is a JSON 400, an unknown method a JSON 405 with the route's Allow, a staff route's the unknown-path 404 (scripts/serve.ts)", () => {
    const table = routeTable(contracts);
    const bad: string[] = [];
    const expectRefusal = (
      method: string,
      url: string,
      status: number,
      code: string,
      allow?: string,
    ) => {
      const r = guardRequest(method, url, table);
      const body = r ? (JSON.parse(r.body) as { message?: string; code?: string }) : undefined;
      if (
        !r ||
        r.status !== status ||
        body?.code !== code ||
        (body.message ?? "").length < 10 ||
        !r.headers["content-type"].startsWith("application/json") ||
        (allow !== undefined && r.headers.Allow !== allow)
      )
        bad.push(`${method} ${url}: ${JSON.stringify(r)}`);
    };
    const paths = [...new Set(contracts.map((c) => c.path))];
    for (const path of paths) {
      const methods = new Set<string>(
        contracts.filter((c) => c.path === path).map((c) => c.method),
      );
      const allow = [
        ...["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => methods.has(m)),
        ...(methods.has("GET") ? ["HEAD"] : []),
        "OPTIONS",
      ].join(", ");
      const real = path.replace(/\{\w+\}/g, "1");
      if (guardRequest("GET", real, table) !== null) bad.push(`GET ${real} refused`);
      // A staff address tells no one which methods it takes (docs/operations.md): an unknown one's 404.
      const staffOnly = contracts.some((c) => c.path === path && c.auth === "staff");
      for (const method of ["TRACE", "TRACK", "PROPFIND", "CONNECT", "get", "FOO"])
        if (staffOnly) {
          expectRefusal(method, real, 404, "not_found");
          if (guardRequest(method, real, table)?.headers.Allow)
            bad.push(`${method} ${real}: Allow`);
        } else expectRefusal(method, real, 405, "method_not_allowed", allow);
      for (const segment of ["%zz", "%", "%E0%A4%A", "%2e%2e", "%2E", "..", "."]) {
        const names = path.match(/\{\w+\}/g) ?? [];
        for (const name of names)
          expectRefusal(
            "GET",
            path.replace(name, segment).replace(/\{\w+\}/g, "1"),
            400,
            "validation",
          );
        expectRefusal("GET", `/api/${segment}${real.slice(4)}`, 400, "validation");
      }
      expectRefusal(
        "GET",
        `${real}?cursor=1.1`.replace("/api/", "/api/%2e%2e/"),
        400,
        "validation",
      );
    }
    expectRefusal("GET", "/api/%2e%2e/health", 400, "validation");
    expectRefusal("TRACE", "/api/nope", 404, "not_found");
    for (const page of ["/uploads/%zz", "/products/%zz", "/orders/%zz", "/%2e%2e/home"]) {
      const r = guardRequest("GET", page, table);
      if (r?.status !== 400) bad.push(`GET ${page}: ${JSON.stringify(r)}`);
    }
    expect(guardRequest("TRACE", "/home", table)).toMatchObject({
      status: 405,
      headers: { Allow: "GET, HEAD, OPTIONS" },
    });
    expect(bad).toEqual([]);
    expect(paths.length).toBeGreaterThanOrEqual(50);
  });

  it("covers every contract of /api (a new handler without a sweep entry fails here)", () => {
    const swept = new Set(endpoints.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`));
    // The ops console's calls answer 404 to every caller but staff: tests/ops/access.test.ts walks them.
    const missing = contracts
      .filter((c) => c.auth !== "staff")
      .map((c) => `${c.method} ${c.path}`)
      .filter((k) => !swept.has(k));
    expect(missing).toEqual([]);
  });

  it("positive control: each endpoint's valid request succeeds (so the 4xx above came from the bad part)", async () => {
    const controls = endpoints.filter((e) => e.ok !== undefined);
    const bad: string[] = [];
    for (const e of controls) {
      const res = await run({ endpoint: e, label: "valid", body: e.body ? "VALID" : undefined });
      if (res.status !== e.ok)
        bad.push(`${e.method} ${e.name}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(bad).toEqual([]);
    expect(controls.length).toBeGreaterThanOrEqual(30);
  });
});

afterAll(() => {
  if (tried) console.log(`[bad-input] cases tried: ${tried}`);
});
