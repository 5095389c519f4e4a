/**
 * The sections of the API document, each with the sentence an integrator reads first. An
 * endpoint's `tag` is one of these keys, so a new section cannot be added without its description
 * (tests/contracts/openapi-lint.test.ts holds the document to a standard linter's rules).
 */
export const API_TAGS = {
  Session: "Sign in and out, register, and read the signed-in user.",
  Security:
    "Verify an email, reset or change a password, list or end the signed-in user's sessions, manage passkeys and two-step sign-in.",
  Catalogue:
    "Farms, products and categories as shoppers browse them: featured, popular, recommended and search.",
  Messages: "Conversations between buyers and farms, with a live stream of new messages.",
  Orders:
    "Check out, list, change and cancel orders, with their receipts. One order per farm and slot.",
  Adjustments:
    "A farm's proposed change to an order (a short pick or a substitute) that the buyer accepts or declines.",
  Wallet: "The buyer's wallet: its balance, its ledger and top-ups.",
  Payments: "The payment provider's configuration, card top-ups and the Stripe webhook.",
  "My Farm":
    "A farm's own side: profile, products, incoming orders and their handover, customers, payouts, reports and exports.",
  Fulfilment:
    "When and where orders are handed over: a farm's windows, pickup points and delivery zones, its slots, and the pack list.",
  Business:
    "Business accounts for restaurants and distributors, and their standing orders placed every week.",
  Hubs: "Food hubs: a distributor's hub, its fulfilment and its supplier farms on wholesale terms.",
  Shares:
    "Farm shares (CSA boxes): a farm's plans and weekly boxes, and members who join, swap, skip, pause and prepay.",
  Invoices: "Credit lines at farms and the monthly statements of orders paid on account.",
  Notifications:
    "Which emails and push notifications a person receives, their browsers' push subscriptions, and the one-click unsubscribe of every email.",
  Marketing: "The public forms: waitlist, demo requests, newsletter and contact.",
  Operations: "Checks an operator or a load balancer calls.",
  ops: "The ops console, for Fieldfare staff only: to anyone else every call answers 404.",
} as const;

export type ApiTag = keyof typeof API_TAGS;
