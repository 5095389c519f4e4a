import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as listRoute from "@/app/api/my-farm/payouts/route";
import * as detailRoute from "@/app/api/my-farm/payouts/[id]/route";
import * as statementRoute from "@/app/api/my-farm/payouts/[id]/statement.pdf/route";
import * as connectRoute from "@/app/api/my-farm/payouts/connect/route";
import { runPayouts } from "@/lib/server/payments/payouts";
import { call } from "../support/http";
import { expectTextToShow, getPdf, pdfText } from "../support/pdf";
import { createProduct, createUserWithSession, setTaxNumbers } from "../support/factories";
import { withEnv } from "../support/env";
import { farmerWithSession } from "../farm/support";
import { checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { complete } from "./ledger-support";
import { deliver, fundWallet, payoutDay, stripeForThisFile } from "./support";

checkLedgerAfterEach();
const stripe = stripeForThisFile();

async function farmWithPayout() {
  const farmer = await farmerWithSession({ farmName: "Statement Farm" });
  const buyer = await createUserWithSession({ fullName: "Petra Payer" });
  await fundWallet(stripe.emulator(), buyer.cookie, 500);
  const kale = await createProduct(farmer.farm.id, { name: "Kale", priceCents: 1069 });
  const res = await placeOrder(buyer.cookie, [{ productId: kale.id, quantity: 3 }]);
  const orderId = res.json.orders[0].id as number;
  expect((await complete(farmer.cookie, orderId)).status).toBe(200);
  await runPayouts(payoutDay());
  const payout = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
  return { farmer, buyer, orderId, payout };
}

const get = (handler: typeof detailRoute.GET, path: string, cookie: string, id?: number) =>
  call(handler, path, { cookie, params: id ? { id: String(id) } : {} });

const statement = (cookie: string, id: number) =>
  getPdf(statementRoute.GET, `/api/my-farm/payouts/${id}/statement.pdf`, cookie, id);

describe("My Farm → Payouts API", () => {
  it("lists the balance, the next payout and the history; a payout's lines add up", async () => {
    const { farmer, orderId, payout } = await farmWithPayout();
    const list = await get(listRoute.GET, "/api/my-farm/payouts", farmer.cookie);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({
      provider: "stripe",
      connected: false,
      commissionRate: 0.08,
      balance: 0,
      available: 0,
      held: 0,
      nextPayout: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), amount: 0 },
      payouts: [{ id: payout.id, status: "pending_manual", amount: 29.5 }],
    });
    // 3 × 10.69 = 32.07 goods; 8 % = 2.5656 → 2.57; net 29.50.
    const detail = await get(
      detailRoute.GET,
      `/api/my-farm/payouts/${payout.id}`,
      farmer.cookie,
      payout.id,
    );
    expect(detail.json.lines).toEqual([
      {
        orderId,
        buyer: "Petra Payer",
        completedAt: expect.any(String),
        goods: 32.07,
        fees: 0,
        taxes: 0,
        commission: -2.57,
        adjustments: 0,
        net: 29.5,
      },
    ]);
    const csv = await get(
      detailRoute.GET,
      `/api/my-farm/payouts/${payout.id}?format=csv`,
      farmer.cookie,
      payout.id,
    );
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe(
      '"orderId","buyer","completedAt","goods","fees","taxes","commission","adjustments","net"',
    );
    expect(csv.text).toContain(`${orderId},"Petra Payer",`);
    expect(csv.text).toContain(",32.07,0.00,0.00,-2.57,0.00,29.50\r\n");
  });

  it("the PDF statement shows the order, the commission and the net", async () => {
    const { farmer, orderId, payout } = await farmWithPayout();
    const res = await statement(farmer.cookie, payout.id);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    expectTextToShow(await pdfText(res.bytes), [
      `Payout statement #${payout.id}`,
      `Order #${orderId}`,
      "$32.07",
      "-$2.57",
      "$29.50",
    ]);
  });

  it("a taxed order's statement shows the taxes collected, the farm's numbers and GST on the commission", async () => {
    const farmer = await farmerWithSession({ farmName: "Taxed Statement Vineyard" });
    await setTaxNumbers(farmer.farm.id, "987654321 RT0001", "PST-8765-4321");
    const buyer = await createUserWithSession({ fullName: "Vic Vintner" });
    await fundWallet(stripe.emulator(), buyer.cookie, 500);
    const wine = await createProduct(farmer.farm.id, {
      name: "Merlot",
      priceCents: 2500,
      taxClass: "liquor",
    });
    const res = await placeOrder(buyer.cookie, [{ productId: wine.id, quantity: 4 }]);
    const orderId = res.json.orders[0].id as number;
    expect((await complete(farmer.cookie, orderId)).status).toBe(200);
    await runPayouts(payoutDay());
    const payout = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    // 100.00 wine, GST 5.00 + PST 10.00; commission 8.00 on the goods alone; net 107.00.
    const detail = await get(
      detailRoute.GET,
      `/api/my-farm/payouts/${payout.id}`,
      farmer.cookie,
      payout.id,
    );
    expect(detail.json).toMatchObject({
      amount: 107,
      commissionGst: 0.4,
      farmTaxNumbers: ["GST/HST no. 987654321 RT0001", "PST no. PST-8765-4321"],
      lines: [{ orderId, goods: 100, fees: 0, taxes: 15, commission: -8, net: 107 }],
    });
    const text = await pdfText((await statement(farmer.cookie, payout.id)).bytes);
    expectTextToShow(text, [
      "GST/HST no. 987654321 RT0001",
      "of which taxes you collected",
      "$15.00",
      "GST 5 % on Fieldfare's commission",
      "$0.40",
      "$107.00",
    ]);
  });

  it("another farm's payout is a 404; a shopper is refused", async () => {
    const { payout } = await farmWithPayout();
    const other = await farmerWithSession();
    expect(
      (await get(detailRoute.GET, `/api/my-farm/payouts/${payout.id}`, other.cookie, payout.id))
        .status,
    ).toBe(404);
    const shopper = await createUserWithSession();
    expect((await get(listRoute.GET, "/api/my-farm/payouts", shopper.cookie)).status).toBe(403);
  });

  it("Set up payouts creates the connected account once and answers its onboarding link", async () => {
    const farmer = await farmerWithSession();
    const connect = () =>
      call(connectRoute.POST, "/api/my-farm/payouts/connect", {
        method: "POST",
        cookie: farmer.cookie,
      });
    const first = await connect();
    expect(first.status).toBe(200);
    expect(first.json.url).toMatch(new RegExp(`^${stripe.emulator().url}/onboard/acct_`));
    const again = await connect();
    const account = await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } });
    expect(again.json.url).toContain(account.stripeAccountId!);
    expect(stripe.emulator().accounts.get(account.stripeAccountId!)).toMatchObject({
      country: "CA",
    });
    // Stripe's account.updated after onboarding turns transfers on.

    const updated = stripe.emulator().sign("account.updated", {
      id: account.stripeAccountId,
      object: "account",
      payouts_enabled: true,
    });
    expect((await deliver(updated.payload, updated.signature)).status).toBe(200);
    const list = await get(listRoute.GET, "/api/my-farm/payouts", farmer.cookie);
    expect(list.json.connected).toBe(true);
  });

  it("in demo mode there is nothing to connect (409 with a plain explanation)", async () => {
    const farmer = await farmerWithSession();
    await withEnv({ STRIPE_SECRET_KEY: undefined }, async () => {
      const res = await call(connectRoute.POST, "/api/my-farm/payouts/connect", {
        method: "POST",
        cookie: farmer.cookie,
      });
      expect(res.status).toBe(409);
      expect(res.json.message).toMatch(/paid by hand in demo mode/);
    });
  });
});
