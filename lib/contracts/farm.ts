import { z } from "zod";
import {
  farmProfileSchema,
  incomingOrdersQuerySchema,
  IMAGE_TOO_LARGE,
  imageUploadSchema,
  MAX_IMAGE_BYTES,
  productSchema,
  productUpdateSchema,
  reportPeriodSchema,
  salesReportQuerySchema,
  stockStepSchema,
  taxReportQuerySchema,
  setPasswordSchema,
} from "@/lib/validators/farm";
import {
  CSV_ANSWER,
  endpoint,
  farmerErrors,
  formBody,
  idParams,
  jsonBody,
  multipartBody,
  PAGED,
} from "./endpoint";
import { id, isoDate, money, ok, orderStatus, personRef, taxLine } from "./json";
import { fulfilmentKind, localDateTime, orderFulfilment } from "./fulfilment";
import { orderItem } from "./orders";
import { paymentMethods } from "@/lib/validators/account";
import { TAX_CLASSES } from "@/lib/tax";

export const myFarm = z.object({
  id,
  farmName: z.string(),
  description: z.string(),
  location: z.string(),
  farmImage: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  gstNumber: z.string().nullable().describe("GST/HST registration number; null: not registered"),
  smallSupplier: z
    .boolean()
    .describe("a small supplier (under $30,000) that is not registered: charges no GST"),
  pstNumber: z
    .string()
    .nullable()
    .describe("BC PST number: PST is charged on liquor only with one"),
  freshSheet: z
    .object({
      weekday: z.number().int().describe("0 = Sunday … 6 = Saturday, in the farm's time zone"),
      hour: z.number().int().describe("0–23, in the farm's time zone"),
    })
    .nullable()
    .describe("when the weekly fresh-sheet email goes out; null: not sent"),
});
export type MyFarmJson = z.infer<typeof myFarm>;

export const myProduct = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: money,
  restaurantPrice: money
    .nullable()
    .describe("what restaurants pay per unit; null: the retail price"),
  caseSize: z.number().int().describe("restaurants buy in multiples of it"),
  taxClass: z.enum(TAX_CLASSES),
  unit: z.string(),
  stock: z.number().int(),
  reserved: z
    .number()
    .int()
    .describe("units held for standing orders' next occurrences (within the booking horizon)"),
  available: z.number().int().describe("stock - reserved: what other buyers can still buy"),
  inStock: z.boolean().describe("available > 0"),
  categoryId: id.nullable(),
  isFeatured: z.boolean(),
  isPopular: z.boolean(),
  isHidden: z.boolean(),
  image: z.string(),
  updatedAt: isoDate,
});
export type MyProductJson = z.infer<typeof myProduct>;

const localDay = z.string().describe("the farm's local date, YYYY-MM-DD");

/**
 * My Farm → Today (lib/server/farm-day/today.ts; its − / + go through `stepStock`). Dates are the
 * farm's local YYYY-MM-DD, money in dollars.
 */
export const farmToday = z.object({
  today: localDay,
  timeZone: z.string(),
  handovers: z.object({
    date: localDay.describe(
      "today when an order is due today, else the next day with one; today when none is ahead",
    ),
    orders: z.number().int(),
    toHandOver: z.number().int(),
    packed: z.number().int(),
    handedOver: z.number().int(),
    next: z.array(
      z.object({
        id,
        buyer: personRef,
        kind: fulfilmentKind,
        start: localDateTime,
        end: localDateTime,
        place: z.string(),
      }),
    ),
  }),
  harvest: z.array(
    z.object({
      productId: id,
      productName: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
    }),
  ),
  messages: z.object({
    unread: z.number().int(),
    conversations: z.array(
      z.object({
        userId: id,
        fullName: z.string(),
        unread: z.number().int(),
        latest: z.string(),
        at: isoDate,
      }),
    ),
  }),
  waiting: z.array(
    z.object({ id, orderId: id, buyer: personRef, delta: money, createdAt: isoDate }),
  ),
  lowStock: z.array(
    z.object({
      id,
      name: z.string(),
      unit: z.string(),
      stock: z.number().int(),
      reserved: z.number().int(),
      available: z.number().int(),
    }),
  ),
  payout: z.object({ date: localDay, amount: money }),
});
export type FarmTodayJson = z.infer<typeof farmToday>;

export const incomingOrder = z.object({
  id,
  status: orderStatus,
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  buyer: personRef.describe("a name to prepare the order for, never an email or phone"),
  itemCount: z.number().int(),
  subtotal: money.describe("goods and fees, before tax"),
  taxes: z.array(taxLine),
  totalAmount: money,
  payment: z
    .enum(paymentMethods)
    .describe(
      "wallet: paid at checkout; account: the buyer pays it with the farm's monthly statement",
    ),
  items: z.array(orderItem),
  fulfilment: orderFulfilment
    .nullable()
    .describe(
      "when and where the order is handed over (group by its date); null for an order without a slot",
    ),
});
export type IncomingOrderJson = z.infer<typeof incomingOrder>;

/** The days a report covers, as both reports echo them. */
const reportPeriod = {
  from: z.string().describe("YYYY-MM-DD, farm time, included"),
  to: z.string().describe("YYYY-MM-DD, farm time, included"),
};

export const taxReport = z.object({
  ...reportPeriod,
  orders: z.number().int().describe("orders completed in the period"),
  sales: money.describe("goods and fees of those orders, before tax"),
  taxableSales: money.describe("goods and fees that carried GST"),
  taxes: z.array(taxLine).describe("collected per tax (GST, PST)"),
  commission: money.describe("Fieldfare's commission on those orders"),
  gstOnCommission: money.describe("GST on that commission: the farm's input tax credit"),
});
export type TaxReportJson = z.infer<typeof taxReport>;

export const SALES_CHANNELS = ["shoppers", "restaurants", "standing", "account"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

const salesFigures = {
  orders: z.number().int(),
  sales: money.describe("goods and fees, before tax"),
};
export const salesReport = z.object({
  ...reportPeriod,
  timeZone: z.string().describe("the farm's zone the days and weeks are read in"),
  orders: z.number().int().describe("orders completed in the period (the tax report's orders)"),
  goods: money.describe("goods before tax"),
  fees: money.describe("delivery fees before tax"),
  sales: money.describe("goods + fees: the tax report's `sales`"),
  taxes: money.describe("taxes collected on them"),
  total: money.describe("sales + taxes"),
  commission: money.describe(
    "the commission the farm ledger booked on those orders (an order on account books it when its statement is paid)",
  ),
  net: money.describe("sales + taxes − commission: what those orders earn the farm"),
  weeks: z
    .array(
      z.object({ week: z.string().describe("YYYY-MM-DD: the week's Monday"), ...salesFigures }),
    )
    .describe("every week the period touches, oldest first, empty weeks too"),
  products: z
    .array(
      z.object({
        productId: id,
        name: z.string(),
        quantity: z.number().int(),
        goods: money.describe("the product's goods before tax"),
        weeks: z
          .array(z.object({ week: z.string(), quantity: z.number().int(), goods: money }))
          .describe("the product × week table: one entry per week of `weeks`"),
      }),
    )
    .describe("best-selling first"),
  channels: z
    .array(z.object({ channel: z.enum(SALES_CHANNELS), ...salesFigures }))
    .describe(
      "each order counted once: standing (placed by a standing order), else account (paid on the monthly statement), else restaurants (a business buyer), else shoppers",
    ),
  topCustomers: z
    .array(
      z.object({
        buyer: personRef,
        restaurant: z.boolean(),
        ...salesFigures,
      }),
    )
    .describe("the 10 buyers with the most sales, most first"),
});
export type SalesReportJson = z.infer<typeof salesReport>;

export const salesDay = z.object({
  date: z.string().describe("YYYY-MM-DD in the farm's time zone"),
  total: money,
  orders: z.number().int(),
});
export type SalesDayJson = z.infer<typeof salesDay>;
export const weeklySales = z.object({
  days: z.array(salesDay),
  total: money,
  orders: z.number().int(),
  timeZone: z.string(),
});
export type WeeklySalesJson = z.infer<typeof weeklySales>;

/** Room for the multipart boundary and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
const imageBody = multipartBody(imageUploadSchema, {
  maxBytes: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
  tooLarge: IMAGE_TOO_LARGE,
});
/** What marking an order handed over, or undoing that, answers. */
const handoverAnswer = z.object({
  order: incomingOrder,
  notified: z.boolean().describe("the buyer was sent a message"),
});

/** My Farm: a farmer's own farm, products, incoming orders and sales. */
export const farmApi = {
  today: endpoint({
    method: "GET",
    path: "/api/my-farm/today",
    tag: "My Farm",
    summary:
      "Today: the handover day, its harvest, unread messages, waiting changes, low stock, the next payout",
    auth: "required",
    response: farmToday,
    errors: [...farmerErrors],
  }),
  farm: endpoint({
    method: "GET",
    path: "/api/my-farm",
    tag: "My Farm",
    summary: "Your farm's profile",
    auth: "required",
    response: myFarm,
    errors: [...farmerErrors],
  }),
  updateFarm: endpoint({
    method: "PATCH",
    path: "/api/my-farm",
    tag: "My Farm",
    summary: "Edit your farm's name, description and location",
    auth: "required",
    body: jsonBody(farmProfileSchema),
    response: myFarm,
    errors: [...farmerErrors],
  }),
  freshSheetTest: endpoint({
    method: "POST",
    path: "/api/my-farm/fresh-sheet/test",
    tag: "My Farm",
    summary: "Send this week's fresh sheet to your own email, as your followers get it",
    description:
      "Queued at once through the email outbox, whatever day the sheet is set for; at most 5 an hour per farm. 409 when nothing is in stock to list.",
    auth: "required",
    status: 202,
    response: z.object({ sentTo: z.string().describe("your account's email address") }),
    errors: [...farmerErrors, "conflict", "rate_limited"],
  }),
  farmImage: endpoint({
    method: "POST",
    path: "/api/my-farm/image",
    tag: "My Farm",
    summary: "Replace your farm's picture",
    description: "multipart/form-data with the file in the field `image` (2 MB at most).",
    auth: "required",
    body: imageBody,
    response: myFarm,
    errors: [...farmerErrors],
  }),
  taxReport: endpoint({
    method: "GET",
    path: "/api/my-farm/reports/tax",
    tag: "My Farm",
    summary:
      "Tax summary of a period for the farm's returns: GST and PST collected, GST on commission",
    description: "`format=csv` answers text/csv: one row per figure.",
    auth: "required",
    query: taxReportQuerySchema,
    response: taxReport,
    otherAnswers: CSV_ANSWER,
    errors: [...farmerErrors],
  }),
  salesReport: endpoint({
    method: "GET",
    path: "/api/my-farm/reports/sales",
    tag: "My Farm",
    summary: "Sales of a period: by week, by product × week, by channel, and the top customers",
    description:
      "Orders completed in the period, as the tax report counts them. `format=csv` answers text/csv with the table `group` names: `week` one row per week, `product` one row per product and week, `channel` one row per channel.",
    auth: "required",
    query: salesReportQuerySchema,
    response: salesReport,
    otherAnswers: CSV_ANSWER,
    errors: [...farmerErrors],
  }),
  quickbooksExport: endpoint({
    method: "GET",
    path: "/api/my-farm/exports/quickbooks.csv",
    tag: "My Farm",
    summary: "Sales, commission and payouts of a period in QuickBooks Online's invoice import CSV",
    description:
      'One invoice per completed order (a line per product and per delivery fee share, each with its own tax code and tax amount), one per order\'s commission and one per payout (docs/money.md, "Accounting exports").',
    auth: "required",
    query: reportPeriodSchema,
    response: "text/csv",
    errors: [...farmerErrors],
  }),
  xeroExport: endpoint({
    method: "GET",
    path: "/api/my-farm/exports/xero.csv",
    tag: "My Farm",
    summary: "Sales, commission and payouts of a period in Xero's sales invoice import CSV",
    description:
      'The same invoices as the QuickBooks export, in Xero\'s columns (docs/money.md, "Accounting exports").',
    auth: "required",
    query: reportPeriodSchema,
    response: "text/csv",
    errors: [...farmerErrors],
  }),
  sales: endpoint({
    method: "GET",
    path: "/api/my-farm/sales",
    tag: "My Farm",
    summary: "Sales of the last weeks, per week",
    auth: "required",
    response: weeklySales,
    errors: [...farmerErrors],
  }),
  orders: endpoint({
    method: "GET",
    path: "/api/my-farm/orders",
    tag: "My Farm",
    summary: "Your farm's active orders to prepare, oldest first",
    description: `${PAGED} The first page (no cursor) also answers \`X-Total-Count\`: how many active orders there are.`,
    auth: "required",
    query: incomingOrdersQuerySchema,
    response: z.array(incomingOrder),
    errors: [...farmerErrors],
  }),
  completeOrder: endpoint({
    method: "POST",
    path: "/api/my-farm/orders/{id}/complete",
    tag: "My Farm",
    summary: "Mark an order as handed over (completed)",
    description:
      "With an `Idempotency-Key` (the offline queue sends one with every handover) a repeat completes nothing and answers what the first one answered, instead of 409.",
    auth: "required",
    idempotencyKey: true,
    moneyAction: true,
    params: idParams("Order"),
    response: handoverAnswer,
    errors: [...farmerErrors, "order_not_active", "order_not_started", "idempotency_key_reused"],
  }),
  undoHandover: endpoint({
    method: "POST",
    path: "/api/my-farm/orders/{id}/undo-complete",
    tag: "My Farm",
    summary: "Undo a handover within 5 minutes: the order is active again, its earnings reversed",
    auth: "required",
    idempotencyKey: true,
    moneyAction: true,
    params: idParams("Order"),
    response: handoverAnswer,
    errors: [...farmerErrors, "order_not_active", "undo_expired", "idempotency_key_reused"],
  }),
  products: endpoint({
    method: "GET",
    path: "/api/my-farm/products",
    tag: "My Farm",
    summary: "Your products, hidden ones too",
    auth: "required",
    response: z.array(myProduct),
    errors: [...farmerErrors],
  }),
  createProduct: endpoint({
    method: "POST",
    path: "/api/my-farm/products",
    tag: "My Farm",
    summary: "Add a product",
    auth: "required",
    body: jsonBody(productSchema),
    status: 201,
    response: myProduct,
    errors: [...farmerErrors],
  }),
  product: endpoint({
    method: "GET",
    path: "/api/my-farm/products/{id}",
    tag: "My Farm",
    summary: "One of your products",
    auth: "required",
    params: idParams("Product"),
    response: myProduct,
    errors: [...farmerErrors],
  }),
  updateProduct: endpoint({
    method: "PATCH",
    path: "/api/my-farm/products/{id}",
    tag: "My Farm",
    summary: "Edit a product: price, stock, hide or show, …",
    auth: "required",
    params: idParams("Product"),
    body: jsonBody(productUpdateSchema),
    response: myProduct,
    errors: [...farmerErrors],
  }),
  stepStock: endpoint({
    method: "POST",
    path: "/api/my-farm/products/{id}/stock",
    tag: "My Farm",
    summary: "Move a product's stock up or down by a number of units (the list's − / +)",
    auth: "required",
    params: idParams("Product"),
    body: jsonBody(stockStepSchema),
    response: myProduct,
    errors: [...farmerErrors, "conflict"],
  }),
  productImage: endpoint({
    method: "POST",
    path: "/api/my-farm/products/{id}/image",
    tag: "My Farm",
    summary: "Replace a product's picture",
    description: "multipart/form-data with the file in the field `image` (2 MB at most).",
    auth: "required",
    params: idParams("Product"),
    body: imageBody,
    response: myProduct,
    errors: [...farmerErrors],
  }),
  removeProductImage: endpoint({
    method: "DELETE",
    path: "/api/my-farm/products/{id}/image",
    tag: "My Farm",
    summary: "Remove a product's picture",
    description: "The product is shown without a picture until a new one is uploaded.",
    auth: "required",
    params: idParams("Product"),
    response: myProduct,
    errors: [...farmerErrors],
  }),
  setPassword: endpoint({
    method: "POST",
    path: "/api/my-farm/password",
    tag: "My Farm",
    summary: "Choose a password after signing in with a one-time link",
    auth: "required",
    body: jsonBody(setPasswordSchema),
    response: ok,
    errors: ["forbidden"],
  }),
  claimPage: endpoint({
    method: "GET",
    path: "/api/my-farm/claim",
    tag: "My Farm",
    summary: "The page behind a one-time sign-in link (HTML for a person, not JSON)",
    auth: "none",
    query: z.object({ token: z.string().max(200).optional() }),
    response: "text/html",
    envelope: "html",
  }),
  claim: endpoint({
    method: "POST",
    path: "/api/my-farm/claim",
    tag: "My Farm",
    summary: "Use a one-time sign-in link: signs the farmer in and goes to /my-farm/welcome (303)",
    auth: "none",
    body: formBody(z.object({ token: z.string().optional() }), { maxBytes: 4096 }),
    status: 303,
    response: "text/html",
    envelope: "html",
    errors: ["link_expired"],
  }),
};
