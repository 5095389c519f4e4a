import "server-only";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { conflict, notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import type { HubSupplier } from "@/lib/generated/prisma/client";
import type { FarmHubLinkJson, HubSupplierJson } from "@/lib/contracts/hubs";
import type {
  HubLinkAnswerInput,
  SupplierInviteInput,
  SupplierMarginInput,
} from "@/lib/validators/hubs";
import { bpsToPercent, percentToBps } from "@/lib/hub-price";
import { requireOwnHub } from "./access";

/**
 * A hub's suppliers (docs/hubs.md): the hub invites a farm, the farm accepts with its wholesale
 * discount or declines, and may end the link at any time; the hub sets its margin per supplier.
 * Every read is scoped by the caller's own hub or farm, so neither sees another's links.
 */

const linkFields = (l: HubSupplier) => ({
  status: l.status,
  wholesaleDiscount: l.wholesaleDiscountBps === null ? null : bpsToPercent(l.wholesaleDiscountBps),
  invitedAt: l.invitedAt.toISOString(),
  answeredAt: l.answeredAt?.toISOString() ?? null,
  endedAt: l.endedAt?.toISOString() ?? null,
});

const FARM = { farm: { select: { id: true, farmName: true } } } as const;
const HUB = { hub: { select: { id: true, name: true, location: true } } } as const;

const serializeSupplier = (
  l: HubSupplier & { farm: { id: number; farmName: string } },
): HubSupplierJson => ({
  farm: { id: l.farm.id, farmName: l.farm.farmName },
  ...linkFields(l),
  margin: bpsToPercent(l.marginBps),
});

const serializeLink = (
  l: HubSupplier & { hub: { id: number; name: string; location: string } },
): FarmHubLinkJson => ({
  hub: { id: l.hub.id, name: l.hub.name, location: l.hub.location },
  ...linkFields(l),
});

const NEWEST = [{ invitedAt: "desc" as const }, { id: "desc" as const }];

export async function listSuppliers(user: SessionUser): Promise<HubSupplierJson[]> {
  const { id: hubId } = await requireOwnHub(user);
  const rows = await db.hubSupplier.findMany({
    where: { hubId },
    include: FARM,
    orderBy: NEWEST,
    take: 500,
  });
  return rows.map(serializeSupplier);
}

/**
 * Invites a farm; a farm that declined or ended may be invited again (the link starts over, its
 * old discount gone). A pending invitation or a live link is refused (409).
 */
export async function inviteSupplier(
  user: SessionUser,
  input: SupplierInviteInput,
): Promise<HubSupplierJson> {
  const { id: hubId } = await requireOwnHub(user);
  return inTransaction(async (tx) => {
    const farm = await tx.farm.findUnique({ where: { id: input.farmId }, select: { id: true } });
    if (!farm) throw notFound("Farm not found");
    const key = { hubId_farmId: { hubId, farmId: farm.id } };
    const current = await tx.hubSupplier.findUnique({ where: key });
    if (current?.status === "invited") throw conflict("This farm is already invited");
    if (current?.status === "active") throw conflict("This farm already supplies your hub");
    const fresh = {
      status: "invited" as const,
      wholesaleDiscountBps: null,
      invitedAt: new Date(),
      answeredAt: null,
      endedAt: null,
    };
    // Two invitations at once: the unique (hubId, farmId) index lets one create the row; the
    // other's upsert then updates the same row to the same invitation.
    const row = await tx.hubSupplier.upsert({
      where: key,
      create: { hubId, farmId: farm.id, ...fresh },
      update: fresh,
      include: FARM,
    });
    return serializeSupplier(row);
  });
}

export async function setSupplierMargin(
  user: SessionUser,
  farmId: number,
  input: SupplierMarginInput,
): Promise<HubSupplierJson> {
  const { id: hubId } = await requireOwnHub(user);
  const { count } = await db.hubSupplier.updateMany({
    where: { hubId, farmId },
    data: { marginBps: percentToBps(input.margin) },
  });
  if (count === 0) throw notFound("Supplier not found");
  return serializeSupplier(
    await db.hubSupplier.findUniqueOrThrow({
      where: { hubId_farmId: { hubId, farmId } },
      include: FARM,
    }),
  );
}

export async function listFarmHubs(user: SessionUser): Promise<FarmHubLinkJson[]> {
  const { id: farmId } = await requireOwnFarm(user);
  const rows = await db.hubSupplier.findMany({
    where: { farmId },
    include: HUB,
    orderBy: NEWEST,
    take: 500,
  });
  return rows.map(serializeLink);
}

/** Which answers each status takes: an invitation is accepted or declined, a link changed or ended. */
const ANSWERS: Record<HubSupplier["status"], HubLinkAnswerInput["status"][]> = {
  invited: ["active", "declined"],
  active: ["active", "ended"],
  declined: [],
  ended: [],
};

/**
 * The farm's answer to a hub. Ending takes effect at once for orders not yet placed (the hub shop
 * reads only active links). The move is a conditional UPDATE on the status read, so of two
 * answers at once the second finds the link changed and is refused (409).
 */
export async function answerHub(
  user: SessionUser,
  hubId: number,
  input: HubLinkAnswerInput,
): Promise<FarmHubLinkJson> {
  const { id: farmId } = await requireOwnFarm(user);
  const key = { hubId_farmId: { hubId, farmId } };
  const current = await db.hubSupplier.findUnique({ where: key });
  if (!current) throw notFound("Hub not found");
  if (!ANSWERS[current.status].includes(input.status))
    throw conflict(
      current.status === "invited"
        ? "Accept or decline this invitation"
        : current.status === "active"
          ? "This link is active: change its discount or end it"
          : `This link was ${current.status}: the hub may invite you again`,
    );
  const now = new Date();
  const data =
    input.status === "active"
      ? {
          status: "active" as const,
          wholesaleDiscountBps: percentToBps(input.wholesaleDiscount ?? 0),
          ...(current.status === "invited" ? { answeredAt: now } : {}),
        }
      : input.status === "declined"
        ? { status: "declined" as const, answeredAt: now }
        : { status: "ended" as const, endedAt: now };
  const { count } = await db.hubSupplier.updateMany({
    where: { id: current.id, status: current.status },
    data,
  });
  if (count === 0) throw conflict("This link just changed: reload and try again");
  return serializeLink(await db.hubSupplier.findUniqueOrThrow({ where: key, include: HUB }));
}
