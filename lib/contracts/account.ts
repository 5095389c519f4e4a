import { z } from "zod";
import { creditLimitSchema, statementStatuses } from "@/lib/validators/account";
import { idParam } from "@/lib/validators/id";
import { endpoint, farmerErrors, idParams, jsonBody } from "./endpoint";
import { farmRef, id, isoDate, money, orderStatus, taxLine } from "./json";
import { wallet } from "./wallet";

/** Pay on account (docs/restaurants.md, "Pay on account"): credit lines, monthly statements, paying them. */

export const party = z.object({
  id,
  name: z.string(),
  company: z.string().nullable().describe("the approved business account's company name"),
});

export const statementSummary = z.object({
  id,
  number: z.string().describe('"ST-000012": the invoice number'),
  farm: farmRef,
  buyer: party,
  period: z.string().describe("YYYY-MM in the farm's time zone"),
  periodLabel: z.string().describe('"November 2026"'),
  dueDate: z.string().describe("YYYY-MM-DD: the 15th of the month after the period"),
  status: z
    .enum(statementStatuses)
    .describe(
      "open: the month is still running; issued: closed, to be paid by the due date; overdue: past it; paid",
    ),
  total: money.describe("the sum of the statement's orders that are not cancelled"),
  paid: money,
  due: money.describe("what is left to pay"),
  orderCount: z.number().int(),
  paidAt: isoDate.nullable(),
  payable: z
    .boolean()
    .describe(
      "the buyer may pay it now: closed, unpaid, and every order on it handed over or cancelled",
    ),
  notPayableReason: z.string().nullable(),
});
export type StatementSummaryJson = z.infer<typeof statementSummary>;

export const statementLine = z.object({
  orderId: id,
  placedAt: isoDate,
  handoverDate: z
    .string()
    .nullable()
    .describe("YYYY-MM-DD of the pickup or delivery slot, as scheduled"),
  handedOverAt: isoDate
    .nullable()
    .describe("when the farm handed the order over (completed it); null until then"),
  status: orderStatus,
  items: z.array(
    z.object({
      productName: z.string(),
      quantity: z.number().int(),
      price: money,
      subtotal: money,
    }),
  ),
  fee: money,
  taxes: z.array(taxLine).describe("the order's taxes; empty for a cancelled order"),
  total: money.describe("0 for a cancelled order"),
});
export const statementDetail = statementSummary.extend({
  farmLocation: z.string(),
  farmTaxNumbers: z
    .array(z.string())
    .describe('the farm\'s tax numbers as printed: "GST/HST no. …", "PST no. …"'),
  lines: z.array(statementLine),
});
export type StatementDetailJson = z.infer<typeof statementDetail>;

export const payResult = z.object({ statement: statementDetail, wallet });
export type PayStatementResult = z.infer<typeof payResult>;

export const creditLine = z.object({
  limit: money,
  owed: money.describe("orders on account on unpaid statements"),
  available: money,
});
export type CreditLineJson = z.infer<typeof creditLine>;

export const buyerCreditLine = creditLine.extend({ farm: farmRef });
export type BuyerCreditLineJson = z.infer<typeof buyerCreditLine>;

export const customer = party.extend({
  kind: z.enum(["restaurant", "shopper"]),
  orders: z.number().int().describe("orders placed at this farm"),
  lastOrderAt: isoDate.nullable(),
  credit: creditLine.nullable().describe("null: no credit line"),
  owed: money.describe("unpaid on statements"),
  overdue: money.describe("unpaid on statements past their due date"),
  statements: z.array(statementSummary).describe("newest first, at most 12"),
});
export type CustomerJson = z.infer<typeof customer>;

const statementParams = idParams("Statement");
const customerParams = z.object({ buyerId: idParam("Customer") });

export const accountApi = {
  customers: endpoint({
    method: "GET",
    path: "/api/my-farm/customers",
    tag: "My Farm",
    summary: "Your farm's buyers: what each owes on account, credit lines, statements",
    description:
      "Buyers who ordered from the farm or hold a credit line there, most recent order first (at most 200).",
    auth: "required",
    response: z.array(customer),
    errors: [...farmerErrors],
  }),
  setCredit: endpoint({
    method: "PUT",
    path: "/api/my-farm/customers/{buyerId}/credit",
    tag: "My Farm",
    summary: "Grant or change a restaurant's credit limit at your farm",
    description:
      "Restaurants only (403 for other accounts). Lowering the limit below what is owed is allowed: new orders on account are refused until statements are paid.",
    auth: "required",
    params: customerParams,
    body: jsonBody(creditLimitSchema),
    response: customer,
    errors: [...farmerErrors],
  }),
  removeCredit: endpoint({
    method: "DELETE",
    path: "/api/my-farm/customers/{buyerId}/credit",
    tag: "My Farm",
    summary: "Close a restaurant's credit line (statements already issued stay to be paid)",
    auth: "required",
    params: customerParams,
    response: customer,
    errors: [...farmerErrors],
  }),
  creditLines: endpoint({
    method: "GET",
    path: "/api/credit-lines",
    tag: "Invoices",
    summary: "Your credit lines: per farm, the limit, what you owe and what is available",
    auth: "required",
    response: z.array(buyerCreditLine),
  }),
  invoices: endpoint({
    method: "GET",
    path: "/api/invoices",
    tag: "Invoices",
    summary: "Your monthly statements (invoices), newest first (at most 100)",
    auth: "required",
    response: z.array(statementSummary),
  }),
  invoice: endpoint({
    method: "GET",
    path: "/api/invoices/{id}",
    tag: "Invoices",
    summary: "One statement with its orders: for its buyer and its farm (404 for anyone else)",
    auth: "required",
    params: statementParams,
    response: statementDetail,
  }),
  invoicePdf: endpoint({
    method: "GET",
    path: "/api/invoices/{id}/invoice.pdf",
    tag: "Invoices",
    summary:
      "The statement as a PDF invoice (also at /api/invoices/{id}.pdf): farm, buyer, orders, totals, due date",
    auth: "required",
    params: statementParams,
    response: "application/pdf",
  }),
  pay: endpoint({
    method: "POST",
    path: "/api/invoices/{id}/pay",
    tag: "Invoices",
    summary: "Pay a statement from the wallet: one ledger row, once",
    description:
      "The buyer only (403 for its farm). A closed statement whose orders are all handed over or cancelled; an open one, a paid one or one with orders still to hand over is 409.",
    auth: "required",
    params: statementParams,
    response: payResult,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "insufficient_funds",
      "wallet_frozen",
      "conflict",
      "forbidden",
      "idempotency_key_reused",
    ],
  }),
};
