import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { fulfilmentSettingsSchema } from "@/lib/validators/fulfilment";
import {
  hubLinkAnswerSchema,
  hubProfileSchema,
  supplierInviteSchema,
  supplierMarginSchema,
} from "@/lib/validators/hubs";
import { endpoint, farmerErrors, jsonBody } from "./endpoint";
import { farmRef, id, isoDate } from "./json";
import { fulfilmentSettings } from "./fulfilment";

/**
 * Food hubs (docs/hubs.md). My Hub calls: anyone but an approved distributor is refused (403),
 * as a non-farmer is from My Farm; before the hub is set up its other calls are 404.
 */
export const hubErrors = farmerErrors;

const percent = z.number().describe("percent, at most 2 decimals");
export const hubSupplierStatus = z.enum(["invited", "active", "declined", "ended"]);

export const myHub = z.object({
  id,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  createdAt: isoDate,
});
export type MyHubJson = z.infer<typeof myHub>;

const linkDates = {
  status: hubSupplierStatus,
  wholesaleDiscount: percent
    .nullable()
    .describe("percent off the farm's own price it sells to the hub at; null until accepted"),
  invitedAt: isoDate,
  answeredAt: isoDate.nullable(),
  endedAt: isoDate.nullable(),
};

/** A supplier as its hub sees it: the farm, its terms and the hub's margin. */
export const hubSupplier = z.object({
  farm: farmRef,
  ...linkDates,
  margin: percent.describe("percent the hub adds over wholesale"),
});
export type HubSupplierJson = z.infer<typeof hubSupplier>;

/** A hub link as the farm sees it (the hub's margin is the hub's own). */
export const farmHubLink = z.object({
  hub: z.object({ id, name: z.string(), location: z.string() }),
  ...linkDates,
});
export type FarmHubLinkJson = z.infer<typeof farmHubLink>;

const TAG = "Hubs";

export const hubsApi = {
  get: endpoint({
    method: "GET",
    path: "/api/my-hub",
    tag: TAG,
    summary: "Your hub, or null before you set it up (approved distributors only)",
    auth: "required",
    response: myHub.nullable(),
    errors: ["forbidden"],
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/my-hub",
    tag: TAG,
    summary: "Set up or change your hub's name, description and location",
    auth: "required",
    body: jsonBody(hubProfileSchema),
    response: myHub,
    errors: ["forbidden"],
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/my-hub/fulfilment",
    tag: TAG,
    summary:
      "Your hub's time zone, minimum order, pickup points, delivery zones and weekly windows",
    description:
      "The same settings, with the same rules, as a farm's (GET /api/my-farm/fulfilment).",
    auth: "required",
    response: fulfilmentSettings,
    errors: [...hubErrors],
  }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/my-hub/fulfilment",
    tag: TAG,
    summary: "Replace your hub's fulfilment settings",
    description: "The same body and rules as a farm's (PUT /api/my-farm/fulfilment).",
    auth: "required",
    body: jsonBody(fulfilmentSettingsSchema),
    response: fulfilmentSettings,
    errors: [...hubErrors],
  }),
  suppliers: endpoint({
    method: "GET",
    path: "/api/my-hub/suppliers",
    tag: TAG,
    summary: "Your hub's supplier farms: invitations, links and their terms, newest first",
    auth: "required",
    response: z.array(hubSupplier),
    errors: [...hubErrors],
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/my-hub/suppliers",
    tag: TAG,
    summary: "Invite a farm to supply your hub (again, after it declined or ended)",
    auth: "required",
    body: jsonBody(supplierInviteSchema),
    status: 201,
    response: hubSupplier,
    errors: [...hubErrors, "conflict"],
  }),
  setMargin: endpoint({
    method: "PUT",
    path: "/api/my-hub/suppliers/{farmId}",
    tag: TAG,
    summary: "Set the margin your hub adds over this supplier's wholesale price",
    auth: "required",
    params: z.object({ farmId: idParam("Supplier") }),
    body: jsonBody(supplierMarginSchema),
    response: hubSupplier,
    errors: [...hubErrors],
  }),
};

export const farmHubsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/my-farm/hubs",
    tag: TAG,
    summary: "The hubs that invited your farm, and your links to them, newest first",
    auth: "required",
    response: z.array(farmHubLink),
    errors: [...farmerErrors],
  }),
  answer: endpoint({
    method: "PUT",
    path: "/api/my-farm/hubs/{hubId}",
    tag: TAG,
    summary:
      "Accept a hub's invitation (with your wholesale discount), decline it, or end the link",
    description:
      "`active` accepts an invitation or changes the discount of a link; `declined` answers an invitation; `ended` ends a link at any time, for orders not yet placed.",
    auth: "required",
    params: z.object({ hubId: idParam("Hub") }),
    body: jsonBody(hubLinkAnswerSchema),
    response: farmHubLink,
    errors: [...farmerErrors, "conflict"],
  }),
};
