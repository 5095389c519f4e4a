/**
 * The one definition of each money figure a farm or ops sees (docs/money.md, "Figures"): My Farm,
 * Reports, Payouts and ops Today all count these, from lib/server/accounting/figures.ts, and show
 * these words beside them.
 */
export const FIGURE_DEFINITIONS = {
  orders: "Orders handed over in the period, on the day they were handed over (farm time)",
  sales: "Goods and delivery fees of those orders as they stand now, before taxes",
  commission:
    "Fieldfare's commission on their goods, booked when an order is handed over and paid (on account: when its statement is paid)",
  net: "Sales and taxes less commission: what those orders earn the farm",
} as const;

export type FigureName = keyof typeof FIGURE_DEFINITIONS;
