import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/invoice.pdf/route";
import * as receiptRoute from "@/app/api/orders/[id]/receipt.pdf/route";
import * as customersRoute from "@/app/api/my-farm/customers/route";
import { call, expectError, expectMessage } from "../support/http";
import { expectTextToShow, getPdf, pdfText } from "../support/pdf";
import { cancelOrder } from "../support/orders";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { itOnPostgres } from "../support/races";
import { createPickupAndDelivery } from "../support/fulfilment";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { checkoutOnAccount, closeStatement, farmWithCreditCustomer, pay } from "./support";

checkLedgerAfterEach();

/** Three orders on account (one cancelled) on one statement: $45 + $30 + (cancelled $15) = $75. */
async function statementWithOrders() {
  const ctx = await farmWithCreditCustomer(500);
  const { farmer, chef, product } = ctx;
  const eggs = await createProduct(farmer.farm.id, {
    name: "Duck Eggs",
    priceCents: 1000,
    stock: 100,
  });
  const ids: number[] = [];
  for (const items of [
    [{ productId: product.id, quantity: 3 }],
    [{ productId: eggs.id, quantity: 3 }],
    [{ productId: product.id, quantity: 1 }],
  ]) {
    const r = await checkoutOnAccount(chef.cookie, farmer.farm.id, items);
    if (r.status !== 201) throw new Error(r.text);
    ids.push(r.json.orders[0].id);
  }
  await cancelOrder(chef.cookie, ids[2]);
  const statementId = (await db.order.findUniqueOrThrow({ where: { id: ids[0] } })).statementId!;
  return { ...ctx, ids, statementId };
}

const getInvoice = (cookie: string, id: number) =>
  call(invoiceRoute.GET, `/api/invoices/${id}`, { cookie, params: { id: String(id) } });

describe("monthly statements (invoices)", () => {
  it("a month's orders on account are one statement that adds up to its orders; cancelled orders count 0", async () => {
    const { chef, farmer, ids, statementId } = await statementWithOrders();
    const list = await call(invoicesRoute.GET, "/api/invoices", { cookie: chef.cookie });
    expect(list.json).toEqual([
      expect.objectContaining({
        id: statementId,
        number: `ST-${String(statementId).padStart(6, "0")}`,
        status: "open",
        total: 75,
        paid: 0,
        due: 75,
        orderCount: 3,
        payable: false,
        farm: { id: farmer.farm.id, farmName: "Credit Creek Farm" },
      }),
    ]);
    const detail = (await getInvoice(chef.cookie, statementId)).json;
    expect(detail.buyer).toEqual({
      id: chef.user.id,
      name: "Chef Remy",
      company: "Bench Bistro Test",
    });
    expect(
      detail.lines.map((l: { orderId: number; status: string; total: number }) => [
        l.orderId,
        l.status,
        l.total,
      ]),
    ).toEqual([
      [ids[0], "active", 45],
      [ids[1], "active", 30],
      [ids[2], "cancelled", 0],
    ]);
    // The sum of the lines is the total, and each line is the sum of its items.
    expect(detail.lines.reduce((s: number, l: { total: number }) => s + l.total, 0)).toBe(
      detail.total,
    );
    for (const l of detail.lines.filter((l: { status: string }) => l.status !== "cancelled")) {
      expect(
        l.items.reduce((s: number, i: { subtotal: number }) => s + i.subtotal, 0) + l.fee,
      ).toBe(l.total);
    }
    // And it is what the database holds for those orders.
    const sum = await db.order.aggregate({
      where: { statementId, status: { not: "cancelled" } },
      _sum: { totalCents: true },
    });
    expect(sum._sum.totalCents).toBe(7500);
    // The farmer sees it among the customer's statements, with what is owed.
    const customers = (
      await call(customersRoute.GET, "/api/my-farm/customers", { cookie: farmer.cookie })
    ).json;
    expect(customers[0]).toMatchObject({
      owed: 75,
      overdue: 0,
      credit: { limit: 500, owed: 75, available: 425 },
      statements: [expect.objectContaining({ id: statementId, total: 75 })],
    });
  });

  it("only the buyer and the farm see a statement (JSON and PDF); anyone else gets 404, a visitor 401", async () => {
    const { chef, farmer, statementId } = await statementWithOrders();
    expect((await getInvoice(farmer.cookie, statementId)).status).toBe(200);
    const stranger = await createUserWithSession();
    const otherFarmer = await createFarmerWithSession();
    for (const cookie of [stranger.cookie, otherFarmer.cookie]) {
      const r = await getInvoice(cookie, statementId);
      expect([r.status, r.json.code]).toEqual([404, "not_found"]);
      const p = await call(invoicePdfRoute.GET, `/api/invoices/${statementId}/invoice.pdf`, {
        cookie,
        params: { id: String(statementId) },
      });
      expect(p.status).toBe(404);
      expect((await call(invoicesRoute.GET, "/api/invoices", { cookie })).json).toEqual([]);
    }
    expect((await getInvoice("", statementId)).status).toBe(401);
    expect(
      (
        await call(invoicePdfRoute.GET, `/api/invoices/${statementId}/invoice.pdf`, {
          cookie: chef.cookie,
          params: { id: String(statementId) },
        })
      ).status,
    ).toBe(200);
    // The farm sees it but does not pay it.
    await closeStatement(statementId);
    expect((await pay(farmer.cookie, statementId)).status).toBe(403);
    expect((await pay(stranger.cookie, statementId)).status).toBe(404);
  });

  it("the PDF invoice is a real PDF showing the farm, the buyer, every line, the total and the due date", async () => {
    const { chef, statementId } = await statementWithOrders();
    await closeStatement(statementId);
    const s = await db.statement.findUniqueOrThrow({ where: { id: statementId } });
    const res = await getPdf(
      invoicePdfRoute.GET,
      `/api/invoices/${statementId}/invoice.pdf`,
      chef.cookie,
      statementId,
    );
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    const number = `ST-${String(statementId).padStart(6, "0")}`;
    expect(res.disposition).toBe(`inline; filename="fieldfare-invoice-${number}.pdf"`);
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(res.bytes);
    const due = new Date(`${s.dueDate}T12:00:00Z`).toLocaleDateString("en-US", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expectTextToShow(text, [
      `Invoice ${number}`,
      "Credit Creek Farm",
      "9 Ridge Rd, Kelowna",
      "Bench Bistro Test (Chef Remy)",
      "Heirloom Tomatoes",
      "Duck Eggs",
      "$15.00",
      "$45.00",
      "$10.00",
      "$30.00",
      "(cancelled)",
      "Total",
      "$75.00",
      "Amount due",
      `Due date: ${due}`,
    ]);
    // An order's receipt names the statement it is on.
    const orderId = (await db.order.findFirstOrThrow({ where: { statementId } })).id;
    const receipt = await getPdf(
      receiptRoute.GET,
      `/api/orders/${orderId}/receipt.pdf`,
      chef.cookie,
      orderId,
    );
    expect(await pdfText(receipt.bytes)).toContain(
      `On account: statement ${number} from Credit Creek Farm`,
    );
  });
});

describe("the invoice's handover dates", () => {
  it("says 'handed over' only once the farm has, with that day; before it, the slot as scheduled", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(500);
    await createPickupAndDelivery(farmer.farm.id);
    const slot = (await listSlots(farmer.farm.id, 14)).find((s) => s.kind === "pickup")!;
    const placed = await checkoutOnAccount(
      chef.cookie,
      farmer.farm.id,
      [{ productId: product.id, quantity: 1 }],
      { fulfilment: { [farmer.farm.id]: { slotId: slot.slotId } } },
    );
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.json.orders[0].id as number;
    const statementId = (await db.order.findUniqueOrThrow({ where: { id: orderId } })).statementId!;
    const day = (d: DateTime) => d.setLocale("en-US").toFormat("LLL d, yyyy");
    // One line of words: a long order heading wraps in the PDF.
    const pdf = async () =>
      (
        await pdfText(
          (
            await getPdf(
              invoicePdfRoute.GET,
              `/api/invoices/${statementId}/invoice.pdf`,
              chef.cookie,
              statementId,
            )
          ).bytes,
        )
      ).replace(/\s+/g, " ");

    const before = await pdf();
    const slotDay = day(DateTime.fromISO(slot.start, { setZone: true }));
    expect(before).toContain(`handover scheduled ${slotDay}`);
    expect(before).not.toContain("handed over");

    // Handed over three days before the slot (a farm may hand over early): that day is the one shown.
    const handedAt = DateTime.fromISO(slot.start, { setZone: true }).minus({ days: 3 });
    await db.order.update({
      where: { id: orderId },
      data: { status: "completed", completedAt: handedAt.toJSDate() },
    });
    const after = await pdf();
    expect(after).toContain(`handed over ${day(handedAt.setZone("America/Vancouver"))}`);
    expect(after).not.toContain("handover scheduled");
  });
});

describe("paying a statement from the wallet", () => {
  it("refuses an open statement and one with orders still to hand over; then pays once: one ledger row, a double submit replays", async () => {
    const { chef, farmer, statementId, ids } = await statementWithOrders();
    await topUp(chef.cookie, 100);
    const open = await pay(chef.cookie, statementId, "k1");
    expect([open.status, open.json.message]).toEqual([
      409,
      expect.stringMatching(/^This statement is still open: it closes at the end of /),
    ]);
    await closeStatement(statementId, { complete: false });
    const waiting = await pay(chef.cookie, statementId, "k1");
    expectMessage(
      waiting,
      409,
      `Order #${ids[0]} is not handed over yet: the statement can be paid once every order on it is completed or cancelled`,
    );
    expect((await getInvoice(chef.cookie, statementId)).json).toMatchObject({
      status: expect.stringMatching(/^(issued|overdue)$/),
      payable: false,
    });
    await closeStatement(statementId);
    expect((await getInvoice(chef.cookie, statementId)).json).toMatchObject({
      status: expect.stringMatching(/^(issued|overdue)$/),
      payable: true,
      notPayableReason: null,
    });

    const first = await pay(chef.cookie, statementId, "k1");
    expect(first.status, first.text).toBe(200);
    expect(first.json.statement).toMatchObject({
      status: "paid",
      total: 75,
      paid: 75,
      due: 0,
      payable: false,
    });
    expect(first.json.wallet.balance).toBe(25);
    const again = await pay(chef.cookie, statementId, "k1");
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.json).toEqual(first.json);
    const other = await pay(chef.cookie, statementId, "k2");
    expectMessage(other, 409, "This statement is paid");

    const rows = await db.transaction.findMany({
      where: { userId: chef.user.id, reference: `STATEMENT-${statementId}` },
    });
    expect(rows.map((t) => [t.type, t.amountCents])).toEqual([["order", -7500]]);
    expect(await balanceCents(chef.user.id)).toBe(2500);
    expect(
      (await db.order.findMany({ where: { statementId }, orderBy: { id: "asc" } })).map(
        (o) => o.isPaid,
      ),
    ).toEqual([true, true, false]);
    // Paid, it no longer counts against the credit line.
    const customers = (
      await call(customersRoute.GET, "/api/my-farm/customers", { cookie: farmer.cookie })
    ).json;
    expect(customers[0]).toMatchObject({
      owed: 0,
      credit: { limit: 500, owed: 0, available: 500 },
    });
  });

  it("an unaffordable payment is 409 insufficient_funds and writes nothing; an overdue statement says so", async () => {
    const { chef, statementId } = await statementWithOrders();
    await closeStatement(statementId);
    await db.statement.update({ where: { id: statementId }, data: { dueDate: "2020-01-15" } });
    expect((await getInvoice(chef.cookie, statementId)).json.status).toBe("overdue");
    await topUp(chef.cookie, 10);
    const r = await pay(chef.cookie, statementId, "poor");
    expectError(
      r,
      409,
      "insufficient_funds",
      "Insufficient balance: this statement is $75.00 but your wallet holds $10.00. Top up your wallet and try again.",
    );
    expect(
      (await db.statement.findUniqueOrThrow({ where: { id: statementId } })).paidAt,
    ).toBeNull();
    await topUp(chef.cookie, 100);
    expect((await pay(chef.cookie, statementId, "poor")).status).toBe(200);
  });

  it("a paid statement never takes another order: a farm whose new time zone reaches a paid month puts the order on the next month's", async () => {
    const { chef, farmer, product } = await farmWithCreditCustomer(500);
    // What a move of the farm's zone back across a month end does: the month "now" falls in, by
    // the farm's clock, already has a paid statement.
    const period = DateTime.now().setZone(farmer.farm.timeZone).toFormat("yyyy-MM");
    const paid = await db.statement.create({
      data: {
        farmId: farmer.farm.id,
        buyerId: chef.user.id,
        period,
        dueDate: "2020-01-15",
        paidAt: new Date(),
        paidCents: 4500,
      },
    });
    const r = await checkoutOnAccount(chef.cookie, farmer.farm.id, [
      { productId: product.id, quantity: 2 },
    ]);
    expect(r.status, r.text).toBe(201);
    const order = await db.order.findUniqueOrThrow({
      where: { id: r.json.orders[0].id },
      include: { statement: true },
    });
    expect(order.statementId).not.toBe(paid.id);
    expect(order.statement).toMatchObject({
      period: DateTime.fromISO(`${period}-01`).plus({ months: 1 }).toFormat("yyyy-MM"),
      paidAt: null,
    });
    expect(await db.order.count({ where: { statementId: paid.id } })).toBe(0);
    // The order is owed: the paid statement does not hide it from the credit line.
    const second = await checkoutOnAccount(chef.cookie, farmer.farm.id, [
      { productId: product.id, quantity: 33 },
    ]);
    expect([second.status, second.json.code]).toEqual([409, "credit_limit"]);
  });

  itOnPostgres(
    "racing pays with different keys pay once; racing double submits of one key replay (PostgreSQL only)",
    async () => {
      const { chef, statementId } = await statementWithOrders();
      await closeStatement(statementId);
      await topUp(chef.cookie, 500);
      const results = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => pay(chef.cookie, statementId, `race-${i}`)),
        ...Array.from({ length: 5 }, () => pay(chef.cookie, statementId, "same")),
      ]);
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status === 409);
      expect(ok.length + refused.length).toBe(10);
      for (const r of refused) expect(r.json.message).toBe("This statement is paid");
      // Exactly one payment ran; every 200 is it or its replay.
      expect(await db.transaction.count({ where: { reference: `STATEMENT-${statementId}` } })).toBe(
        1,
      );
      expect(await balanceCents(chef.user.id)).toBe(50000 - 7500);
      for (const r of ok) expect(r.json.statement.paid).toBe(75);
    },
  );
});
