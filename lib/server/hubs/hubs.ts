import "server-only";
import { db } from "@/lib/server/platform/db";
import type { SessionUser } from "@/lib/server/auth/session";
import type { Hub } from "@/lib/generated/prisma/client";
import type { FulfilmentSettingsJson } from "@/lib/contracts/fulfilment";
import type { MyHubJson } from "@/lib/contracts/hubs";
import type { HubProfileInput } from "@/lib/validators/hubs";
import type { FulfilmentSettingsInput } from "@/lib/validators/fulfilment";
import { readFulfilmentSettings, saveOwnerSettings } from "@/lib/server/fulfilment/settings";
import { requireDistributor, requireOwnHub } from "./access";

/**
 * My Hub (docs/hubs.md): the distributor's one hub, and its fulfilment settings through the
 * fulfilment owner (the same rules and rows as a farm's, owned by `hubId`).
 */
const serializeHub = (h: Hub): MyHubJson => ({
  id: h.id,
  name: h.name,
  description: h.description,
  location: h.location,
  createdAt: h.createdAt.toISOString(),
});

export async function getMyHub(user: SessionUser): Promise<MyHubJson | null> {
  const { hubId } = await requireDistributor(user);
  if (hubId === null) return null;
  return serializeHub(await db.hub.findUniqueOrThrow({ where: { id: hubId } }));
}

/** Sets the hub up on first save (one per distributor: `userId` is unique), else changes it. */
export async function saveMyHub(user: SessionUser, input: HubProfileInput): Promise<MyHubJson> {
  const { userId } = await requireDistributor(user);
  const row = await db.hub.upsert({
    where: { userId },
    create: { userId, ...input },
    update: input,
  });
  return serializeHub(row);
}

export async function getHubFulfilment(user: SessionUser): Promise<FulfilmentSettingsJson> {
  const { id } = await requireOwnHub(user);
  return readFulfilmentSettings({ hubId: id });
}

export async function saveHubFulfilment(
  user: SessionUser,
  input: FulfilmentSettingsInput,
): Promise<FulfilmentSettingsJson> {
  const { id } = await requireOwnHub(user);
  return saveOwnerSettings({ hubId: id }, input);
}
