import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import {
  boxDateParam,
  boxSwapsSchema,
  joinShareSchema,
  neverSchema,
  pauseSchema,
  shareBoxSchema,
  shareDateSchema,
  shareLinkSchema,
  sharePlanSchema,
  sharePlanUpdateSchema,
} from "@/lib/validators/shares";
import { endpoint, farmerErrors, idParams, jsonBody } from "./endpoint";
import { farmRef, id, isoDate, money } from "./json";

/** A box's line: a product, how many units, and what they are worth at the farm's price. */
export const boxLine = z.object({
  productId: id,
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  value: money.describe("quantity × the farm's unit price now"),
});
export type BoxLineJson = z.infer<typeof boxLine>;

const fulfilment = z.object({
  kind: z.enum(["pickup", "delivery"]),
  pickupPointId: id.nullable(),
  zoneIds: z.array(id),
  place: z.string().describe("the pickup point's name, or the delivery zones' names"),
});

const nextBoxOfPlan = z
  .object({
    date: z.string().describe("YYYY-MM-DD in the farm's time zone"),
    cutoff: isoDate.describe("members change, skip or undo until then; the box is placed then"),
    published: z.boolean(),
  })
  .nullable()
  .describe("the next box whose cutoff is ahead (null when the season is over)");

/** A plan as its farm manages it. */
export const sharePlan = z.object({
  id,
  farmId: id,
  name: z.string(),
  description: z.string(),
  boxPrice: money,
  everyWeeks: z.union([z.literal(1), z.literal(2)]),
  seasonStart: z.string(),
  seasonEnd: z.string(),
  capacity: z.number().int(),
  skipsPerSeason: z.number().int(),
  fulfilment,
  payment: z.array(z.enum(["weekly", "season"])),
  members: z.number().int().describe("memberships not cancelled (active or paused)"),
  spotsLeft: z.number().int(),
  nextBox: nextBoxOfPlan,
});
export type SharePlanJson = z.infer<typeof sharePlan>;

/** A plan as anyone sees it on the farm's page. */
export const publicSharePlan = z.object({
  id,
  farm: farmRef,
  name: z.string(),
  description: z.string(),
  boxPrice: money,
  everyWeeks: z.union([z.literal(1), z.literal(2)]),
  seasonStart: z.string(),
  seasonEnd: z.string(),
  skipsPerSeason: z.number().int(),
  fulfilment: fulfilment.pick({ kind: true, place: true }),
  payment: z.array(z.enum(["weekly", "season"])),
  spotsLeft: z.number().int(),
  boxesLeft: z.number().int().describe("boxes still to come whose cutoff is ahead"),
  seasonPrice: money.describe("boxesLeft × boxPrice: what paying for the season costs today"),
  nextBox: z
    .object({
      date: z.string(),
      cutoff: isoDate,
      items: z.array(boxLine).describe("empty until the farm publishes the box"),
    })
    .nullable(),
});
export type PublicSharePlanJson = z.infer<typeof publicSharePlan>;

/** One box of the member's, with their swaps and nevers applied. */
export const memberBox = z.object({
  date: z.string(),
  cutoff: isoDate,
  published: z.boolean(),
  items: z.array(boxLine).describe("what this member's box holds after their swaps and nevers"),
  swapOptions: z.array(boxLine).describe("what an item may be swapped for"),
  swaps: z.array(z.object({ out: id, in: id })),
  replaced: z
    .array(z.object({ out: id, in: id }))
    .describe("never-items the box replaced with the first swap option allowed"),
  extra: money.describe("the swaps' difference charged with the box (dearer swaps only)"),
  price: money.describe("box price + extra"),
  skipped: z.boolean(),
  never: z.array(id),
  neverItems: z
    .array(z.object({ productId: id, name: z.string() }))
    .describe("the products of `never`, named, for the member to take back"),
});
export type MemberBoxJson = z.infer<typeof memberBox>;

export const membership = z.object({
  id,
  plan: z.object({
    id,
    name: z.string(),
    boxPrice: money,
    everyWeeks: z.union([z.literal(1), z.literal(2)]),
    seasonEnd: z.string(),
  }),
  farm: farmRef,
  status: z.enum(["active", "paused", "cancelled"]),
  payment: z.enum(["weekly", "season"]),
  pausedUntil: z.string().nullable(),
  skipsLeft: z.number().int(),
  prepaid: z
    .object({
      boxesLeft: z.number().int(),
      balance: money,
      instalments: z.array(z.object({ dueDate: z.string(), amount: money, paid: z.boolean() })),
    })
    .nullable()
    .describe("season members: what the payment still covers"),
  nextBox: memberBox.nullable(),
  recent: z
    .array(
      z.object({
        date: z.string(),
        status: z.enum(["placed", "failed", "skipped"]),
        orderId: id.nullable(),
        reason: z.string().nullable(),
      }),
    )
    .describe("the last boxes the worker handled, newest first"),
});
export type MembershipJson = z.infer<typeof membership>;

/** A plan's members and the week's box, as the farm sees them. */
export const sharePlanDetail = z.object({
  plan: sharePlan,
  members: z.array(
    z.object({
      id,
      buyer: z.object({ id, fullName: z.string() }),
      status: z.enum(["active", "paused", "cancelled"]),
      payment: z.enum(["weekly", "season"]),
      pausedUntil: z.string().nullable(),
      skipping: z.boolean().describe("skips the next box"),
      swaps: z.array(z.object({ out: z.string(), in: z.string() })),
    }),
  ),
  box: z
    .object({
      date: z.string(),
      cutoff: isoDate,
      published: z.boolean(),
      items: z.array(boxLine),
      swapOptions: z.array(boxLine),
    })
    .nullable(),
  tally: z
    .array(
      z.object({ productId: id, name: z.string(), unit: z.string(), quantity: z.number().int() }),
    )
    .describe("how many of each product to pack for the next box, swaps and nevers counted"),
  stock: z
    .array(
      z.object({
        productId: id,
        name: z.string(),
        unit: z.string(),
        price: money,
        free: z.number().int(),
      }),
    )
    .describe("the farm's products with free stock, for building the box"),
});
export type SharePlanDetailJson = z.infer<typeof sharePlanDetail>;

const planParams = z.object({ planId: idParam("Share plan") });
const boxParams = z.object({ planId: idParam("Share plan"), date: boxDateParam });
const memberParams = idParams("Farm share");
const memberBoxParams = z.object({ id: idParam("Farm share"), date: boxDateParam });

// Shape only here, the signature in the handler: either way a token that is not one is a 404.
const SHARE_LINK =
  /^[1-9][0-9]{0,9}\.[0-9]{4}-[0-9]{2}-[0-9]{2}\.(skip|swap)\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;
const shareLinkParams = z.object({
  token: z
    .string()
    .refine((t) => SHARE_LINK.test(t), {
      message: "This link is not valid",
      params: { code: "not_found" },
    })
    .meta({
      description: "the signed token of a share box email's link",
      pattern: SHARE_LINK.source,
    }),
});

const memberOnly = "The member's own shares only: another's answer 404.";

/** Farm shares (docs/shares.md): a farm's plans and boxes, members' choices. */
export const sharesApi = {
  farmPlans: endpoint({
    method: "GET",
    path: "/api/my-farm/shares",
    tag: "Shares",
    summary: "The farm's share plans, newest first",
    auth: "required",
    response: z.array(sharePlan),
    errors: [...farmerErrors],
  }),
  createPlan: endpoint({
    method: "POST",
    path: "/api/my-farm/shares",
    tag: "Shares",
    summary: "Offer a farm share: a box every week or two through a season",
    description:
      "The farm needs a live window of the plan's kind on the weekday of `seasonStart` (and at that pickup point); 409 when it has none.",
    auth: "required",
    body: jsonBody(sharePlanSchema),
    status: 201,
    response: sharePlan,
    errors: [...farmerErrors, "conflict"],
  }),
  farmPlan: endpoint({
    method: "GET",
    path: "/api/my-farm/shares/{planId}",
    tag: "Shares",
    summary: "One plan with its members, the next box, the swap tally and what is in stock",
    auth: "required",
    params: planParams,
    response: sharePlanDetail,
    errors: [...farmerErrors],
  }),
  updatePlan: endpoint({
    method: "PATCH",
    path: "/api/my-farm/shares/{planId}",
    tag: "Shares",
    summary: "Change a plan",
    description: "Capacity cannot go below the members it has (409).",
    auth: "required",
    params: planParams,
    body: jsonBody(sharePlanUpdateSchema),
    response: sharePlan,
    errors: [...farmerErrors, "conflict"],
  }),
  publishBox: endpoint({
    method: "PUT",
    path: "/api/my-farm/shares/{planId}/boxes/{date}",
    tag: "Shares",
    summary: "Publish (or change) the box of one date",
    description:
      "Holds the stock of every member's box (swaps and nevers applied) and emails each member “Your box this week” with links to swap or skip. A date that is not one of the plan's box dates is 404; one whose cutoff has passed is 409.",
    auth: "required",
    params: boxParams,
    body: jsonBody(shareBoxSchema),
    response: sharePlanDetail,
    errors: [...farmerErrors, "conflict"],
  }),
  farmShares: endpoint({
    method: "GET",
    path: "/api/farms/{id}/shares",
    tag: "Shares",
    summary: "A farm's open share plans, with spots left and the next box's contents",
    auth: "none",
    params: idParams("Farm"),
    response: z.array(publicSharePlan),
    errors: ["not_found"],
  }),
  near: endpoint({
    method: "GET",
    path: "/api/shares/open",
    tag: "Shares",
    summary: "Up to 3 open farm shares near you that you have not joined (home's card)",
    description:
      "Plans with spots left and a box still to join, nearest farms first. Empty for farmers and staff.",
    auth: "required",
    response: z.array(publicSharePlan).max(3),
  }),
  join: endpoint({
    method: "POST",
    path: "/api/shares/{planId}/members",
    tag: "Shares",
    summary: "Join a farm share",
    description:
      "Shoppers and restaurants. `season` charges the boxes left at once from the wallet (`instalments` 2 or 4: equal parts, the first now, the rest on the dates the answer shows). 409 `share_full` when no spot is left: parallel joins never take more spots than the plan has.",
    auth: "required",
    params: planParams,
    body: jsonBody(joinShareSchema),
    status: 201,
    response: membership,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "forbidden",
      "not_found",
      "conflict",
      "idempotency_key_reused",
      "share_full",
      "insufficient_funds",
      "wallet_frozen",
    ],
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/me/shares",
    tag: "Shares",
    summary: "Your farm shares, with the next box",
    auth: "required",
    response: z.array(membership),
  }),
  swap: endpoint({
    method: "PUT",
    path: "/api/me/shares/{id}/boxes/{date}",
    tag: "Shares",
    summary: "Swap items of a box for its options, before the cutoff",
    description: `${memberOnly} An option worth more at the farm's price charges the difference with the box; one worth less refunds nothing.`,
    auth: "required",
    params: memberBoxParams,
    body: jsonBody(boxSwapsSchema),
    response: membership,
    errors: ["not_found", "conflict"],
  }),
  never: endpoint({
    method: "PUT",
    path: "/api/me/shares/{id}/never",
    tag: "Shares",
    summary: "Products never to put in your box",
    description: `${memberOnly} Each is replaced by the first swap option you have not refused.`,
    auth: "required",
    params: memberParams,
    body: jsonBody(neverSchema),
    response: membership,
    errors: ["not_found", "conflict"],
  }),
  skip: endpoint({
    method: "POST",
    path: "/api/me/shares/{id}/skip",
    tag: "Shares",
    summary: "Skip one box, before its cutoff",
    description: `${memberOnly} Within the plan's skips per season (409 past them). A season member's skipped box is credited to the wallet at the box price.`,
    auth: "required",
    params: memberParams,
    body: jsonBody(shareDateSchema),
    response: membership,
    idempotencyKey: true,
    moneyAction: true,
    errors: ["not_found", "conflict", "idempotency_key_reused"],
  }),
  unskip: endpoint({
    method: "DELETE",
    path: "/api/me/shares/{id}/skip",
    tag: "Shares",
    summary: "Undo a skip, before the box's cutoff",
    description: `${memberOnly} A season member pays the credited box price back from the wallet (409 \`insufficient_funds\` when it no longer holds it).`,
    auth: "required",
    params: memberParams,
    query: shareDateSchema,
    response: membership,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "not_found",
      "conflict",
      "idempotency_key_reused",
      "insufficient_funds",
      "wallet_frozen",
    ],
  }),
  pause: endpoint({
    method: "POST",
    path: "/api/me/shares/{id}/pause",
    tag: "Shares",
    summary: "Pause until a date: no box before it",
    description: `${memberOnly} A season member's boxes in the pause are credited to the wallet as they come.`,
    auth: "required",
    params: memberParams,
    body: jsonBody(pauseSchema),
    response: membership,
    errors: ["not_found", "conflict"],
  }),
  resume: endpoint({
    method: "POST",
    path: "/api/me/shares/{id}/resume",
    tag: "Shares",
    summary: "Resume a paused share",
    auth: "required",
    params: memberParams,
    response: membership,
    errors: ["not_found", "conflict"],
  }),
  cancel: endpoint({
    method: "DELETE",
    path: "/api/me/shares/{id}",
    tag: "Shares",
    summary: "Cancel a farm share",
    description: `${memberOnly} The prepaid boxes not yet placed are refunded to the wallet.`,
    auth: "required",
    params: memberParams,
    response: membership,
    idempotencyKey: true,
    moneyAction: true,
    errors: ["not_found", "conflict", "idempotency_key_reused"],
  }),
  confirmLink: endpoint({
    method: "POST",
    path: "/api/share-links/{token}",
    tag: "Shares",
    summary: "Confirm a share box email's signed link: skip the box or save its swaps, signed out",
    description:
      "The token names one membership, one box date and the action (`skip` or `swap`), and expires at the box's cutoff (410 `link_expired`); it is the authority, so no session is needed. `skip` takes no `swaps`; `swap` saves `swaps` as PUT /api/me/shares/{id}/boxes/{date} does. The member's own checks apply (skips left, cutoff: 409). A token that does not verify is 404; throttled per client address.",
    auth: "none",
    params: shareLinkParams,
    body: jsonBody(shareLinkSchema),
    response: membership,
    idempotencyKey: true,
    moneyAction: true,
    errors: ["not_found", "link_expired", "conflict", "idempotency_key_reused", "rate_limited"],
  }),
};
