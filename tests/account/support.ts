import { db } from "@/lib/server/platform/db";
import * as ordersRoute from "@/app/api/orders/route";
import * as creditRoute from "@/app/api/my-farm/customers/[buyerId]/credit/route";
import * as payRoute from "@/app/api/invoices/[id]/pay/route";
import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";

/** A farm (with its farmer's session), a restaurant with a credit line of `limit` dollars there, one product. */
export async function farmWithCreditCustomer(
  limit: number,
  opts: { priceCents?: number; stock?: number } = {},
) {
  const farmer = await createFarmerWithSession({
    farmName: "Credit Creek Farm",
    location: "9 Ridge Rd, Kelowna",
  });
  const chef = await createUserWithSession({ fullName: "Chef Remy", userType: "restaurant" });
  await db.businessAccount.create({
    data: {
      userId: chef.user.id,
      companyName: "Bench Bistro Test",
      businessNumber: "123456789",
      address: "1 Main St, Kelowna",
      postalCode: "V1Y 1A1",
      status: "approved",
    },
  });
  const product = await createProduct(farmer.farm.id, {
    name: "Heirloom Tomatoes",
    priceCents: opts.priceCents ?? 1500,
    stock: opts.stock ?? 1000,
  });
  // Straight in the database: PUT …/credit is for customers who ordered already (tests/account/credit.test.ts).
  await db.creditLine.create({
    data: { farmId: farmer.farm.id, buyerId: chef.user.id, limitCents: Math.round(limit * 100) },
  });
  return { farmer, chef, product };
}

export function setCredit(cookie: string, buyerId: number, limit: unknown) {
  return call(creditRoute.PUT, `/api/my-farm/customers/${buyerId}/credit`, {
    method: "PUT",
    body: { limit },
    cookie,
    params: { buyerId: String(buyerId) },
  });
}

export function checkoutOnAccount(
  cookie: string,
  farmId: number,
  items: unknown,
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return call(ordersRoute.POST, "/api/orders", {
    body: { items, payment: { [farmId]: "account" }, ...extra },
    cookie,
    headers: key ? { "idempotency-key": key } : {},
  });
}

export function pay(cookie: string, id: number, key?: string) {
  return call(payRoute.POST, `/api/invoices/${id}/pay`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    headers: key ? { "idempotency-key": key } : {},
  });
}

/** The month ends: the statement's period moves to last month (as time passing would), its orders handed over. */
export async function closeStatement(id: number, { complete = true } = {}) {
  const last = DateTime.now().setZone(zoneOf("America/Vancouver")).minus({ months: 1 });
  await db.statement.update({
    where: { id },
    data: {
      period: last.toFormat("yyyy-MM"),
      dueDate: last.plus({ months: 1 }).set({ day: 15 }).toISODate()!,
    },
  });
  if (complete)
    await db.order.updateMany({
      where: { statementId: id, status: "active" },
      data: { status: "completed", completedAt: new Date() },
    });
}
