import { z } from "zod";
import { businessAccountSchema } from "@/lib/validators/business";
import { endpoint, jsonBody } from "./endpoint";
import { isoDate } from "./json";

export const businessAccount = z.object({
  status: z.enum(["pending", "approved", "rejected"]),
  companyName: z.string(),
  businessNumber: z.string(),
  address: z.string(),
  postalCode: z.string(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
  approvedAs: z
    .enum(["restaurant", "distributor"])
    .nullable()
    .describe("set on approval: a distributor also runs a food hub (docs/hubs.md)"),
});
export type BusinessAccountJson = z.infer<typeof businessAccount>;

/** Restaurant buyers: the business-account application (docs/restaurants.md). */
export const businessApi = {
  get: endpoint({
    method: "GET",
    path: "/api/business-account",
    tag: "Business",
    summary: "Your business-account application and its status, or null when you have not applied",
    auth: "required",
    response: businessAccount.nullable(),
  }),
  apply: endpoint({
    method: "POST",
    path: "/api/business-account",
    tag: "Business",
    summary:
      "Apply to buy as a business (restaurant prices, cases, standing orders); ops review it",
    description:
      "Answers 202 with the pending application. Applying again is possible after a refusal.",
    auth: "required",
    body: jsonBody(businessAccountSchema),
    status: 202,
    response: businessAccount,
    errors: ["conflict", "forbidden"],
  }),
};
