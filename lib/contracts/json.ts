import { z } from "zod";

/** Building blocks of the response schemas: how the API writes ids, money and times. */
export const id = z.number().int().positive();
export const money = z.number().describe("US dollars, at most 2 decimals");
export const isoDate = z.string().describe("ISO 8601 date-time (UTC)");
export const userType = z.enum(["farmer", "restaurant", "user"]);
export const orderStatus = z.enum(["active", "completed", "cancelled"]);
/** A farm as another row names it. */
export const farmRef = z.object({ id, farmName: z.string() });
/** A buyer (or staff member) as another row names them: a name, never an email or phone. */
export const personRef = z.object({ id, fullName: z.string() });
/** What an action with nothing else to say answers. */
export const ok = z.object({ ok: z.literal(true) });

/** A product and a whole number of its units: a line to pack, or of a standing order. */
export const productQuantity = z.object({
  productId: id,
  productName: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
});

/** One tax of an order (docs/money.md, "Taxes"). */
export const taxLine = z.object({
  name: z.string().describe('"GST" or "PST"'),
  rate: z.number().describe("0.05 for 5 %"),
  amount: money,
});
export type TaxLineJson = z.infer<typeof taxLine>;
