import "server-only";
import { db } from "@/lib/server/platform/db";
import { badRequest, conflict, forbidden, notFound } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { SessionUser } from "@/lib/server/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StandingOrderJson } from "@/lib/contracts/standing";
import { compactPostal } from "@/lib/validators/fulfilment";
import { isDbId } from "@/lib/validators/id";
import { caseProblem, pricedLineSelect, unitPrice } from "@/lib/server/catalog/pricing";
import { listFarmProducts } from "@/lib/server/catalog/products";
import { listForViewer } from "@/lib/server/catalog/serialize";
import type { ProductJson } from "@/lib/contracts/catalog";
import {
  MAX_STANDING_ORDERS,
  type StandingOrderInput,
  type StandingOrderUpdateInput,
} from "@/lib/validators/standing";
import { dueAt, findWindow, firstDate, type StandingRef } from "./schedule";
import { syncHold } from "./holds";
import {
  itemsOf,
  serializeStandingOrder,
  serializeStandingOrders,
  standingInclude,
  type StandingItem,
} from "./serialize";

/**
 * Standing orders (docs/restaurants.md, "Standing orders"): restaurants only; every query is scoped
 * to the signed-in buyer (someone else's id is a 404). Writes lock the standing order's row, the
 * same lock the worker claims with SKIP LOCKED, so an edit never races a placement.
 */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function requireRestaurant(user: SessionUser) {
  if (user.userType !== "restaurant")
    throw forbidden(
      "Standing orders are for business accounts: apply from Profile → Business account",
    );
}

/** A restaurant's write to its standing orders: refused to anyone else, then one transaction. */
function restaurantWrite<T>(user: SessionUser, write: (tx: Tx) => Promise<T>): Promise<T> {
  requireRestaurant(user);
  return inTransaction(write);
}

export async function listStandingOrders(user: SessionUser): Promise<StandingOrderJson[]> {
  requireRestaurant(user);
  const rows = await db.standingOrder.findMany({
    where: { userId: user.id, status: { not: "cancelled" } },
    include: standingInclude,
    orderBy: { id: "desc" },
  });
  return serializeStandingOrders(db, rows);
}

/**
 * The items merged per product, each one of the farm's products still for sale, in whole cases
 * (standing orders are restaurants'), each with the unit price agreed for it: the price it had
 * when it joined this standing order (`agreed`), or the restaurant price now for a new line.
 */
async function checkItems(
  tx: Tx,
  farmId: number,
  items: { productId: number; quantity: number }[],
  agreed: ReadonlyMap<number, number> = new Map(),
): Promise<StandingItem[]> {
  const merged = new Map<number, number>();
  for (const { productId, quantity } of items)
    merged.set(productId, (merged.get(productId) ?? 0) + quantity);
  // Out-of-range ids match nothing (and would make Prisma throw): they are reported below.
  const products = await tx.product.findMany({
    where: { id: { in: [...merged.keys()].filter(isDbId) }, farmId, isHidden: false },
    select: pricedLineSelect,
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const missing = [...merged.keys()].findIndex((id) => !byId.has(id));
  if (missing >= 0)
    throw badRequest("Every product must be one the farm still sells", {
      [`items.${missing}.productId`]: "Not sold by this farm",
    });
  const cases = caseProblem(
    [...merged].map(([id, quantity]) => ({ product: byId.get(id)!, quantity })),
    "restaurant",
  );
  if (cases) throw badRequest(cases, { items: cases });
  return [...merged].map(([productId, quantity]) => ({
    productId,
    quantity,
    priceCents: agreed.get(productId) ?? unitPrice(byId.get(productId)!, "restaurant").cents,
  }));
}

export function createStandingOrder(
  user: SessionUser,
  input: StandingOrderInput,
  now = new Date(),
): Promise<StandingOrderJson> {
  return restaurantWrite(user, async (tx) => {
    // One buyer's creations one at a time (the count limit).
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
    if (
      (await tx.standingOrder.count({
        where: { userId: user.id, status: { not: "cancelled" } },
      })) >= MAX_STANDING_ORDERS
    ) {
      throw conflict(
        `You can keep at most ${MAX_STANDING_ORDERS} standing orders: cancel one first`,
      );
    }
    const farm = await tx.farm.findUnique({
      where: { id: input.farmId },
      include: { deliveryZones: { where: { archived: false } } },
    });
    if (!farm) throw notFound("Farm not found");
    const items = await checkItems(tx, farm.id, input.items);

    const ref: StandingRef = {
      farmId: farm.id,
      kind: input.kind,
      weekday: input.weekday,
      pickupPointId: input.kind === "pickup" ? (input.pickupPointId ?? null) : null,
    };
    const window = await findWindow(tx, ref);
    if (!window) {
      const message = `${farm.farmName} has no ${input.kind} window on ${WEEKDAYS[input.weekday]}s${ref.pickupPointId !== null ? " at that pickup point" : ""}`;
      throw badRequest(message, { weekday: message });
    }

    let addressId: number | null = null;
    if (input.kind === "delivery") {
      if (input.addressId === undefined)
        throw badRequest("Choose the delivery address", {
          addressId: "Choose the delivery address",
        });
      const address = await tx.address.findFirst({
        where: { id: input.addressId, userId: user.id },
      });
      if (!address)
        throw badRequest("Choose one of your addresses", {
          addressId: "Choose one of your addresses",
        });
      const postal = compactPostal(address.postalCode);
      if (
        !farm.deliveryZones.some((z) =>
          z.postalPrefixes.some((p) => postal.startsWith(compactPostal(p))),
        )
      ) {
        const message = `${farm.farmName} does not deliver to ${address.postalCode}`;
        throw badRequest(message, { addressId: message });
      }
      addressId = address.id;
    }

    const nextDate = firstDate(window, now);
    const row = await tx.standingOrder.create({
      data: {
        userId: user.id,
        farmId: farm.id,
        items: items as Prisma.InputJsonValue,
        weekday: input.weekday,
        kind: input.kind,
        pickupPointId: window.kind === "pickup" ? window.pickupPointId : null,
        addressId,
        everyWeeks: input.everyWeeks,
        nextDate,
        nextDueAt: dueAt(window, nextDate, farm.timeZone),
      },
      include: standingInclude,
    });
    await syncHold(tx, row.id, now);
    return serializeStandingOrder(tx, row);
  });
}

async function lockOwn(tx: Tx, userId: number, id: number) {
  const locked = await tx.$queryRaw<
    { id: number }[]
  >`SELECT "id" FROM "StandingOrder" WHERE "id" = ${id} AND "userId" = ${userId} AND "status" <> 'cancelled' FOR UPDATE`;
  if (!locked.length) throw notFound("Standing order not found");
  return tx.standingOrder.findUniqueOrThrow({ where: { id }, include: standingInclude });
}

export function updateStandingOrder(
  user: SessionUser,
  id: number,
  input: StandingOrderUpdateInput,
  now = new Date(),
): Promise<StandingOrderJson> {
  return restaurantWrite(user, async (tx) => {
    const current = await lockOwn(tx, user.id, id);
    let data: Prisma.StandingOrderUpdateInput;
    if (input.items) {
      // A line kept keeps its agreed price: changing quantities never accepts a price rise.
      const agreed = new Map(itemsOf(current).map((i) => [i.productId, i.priceCents]));
      data = {
        items: (await checkItems(tx, current.farmId, input.items, agreed)) as Prisma.InputJsonValue,
      };
    } else if (input.action === "pause") {
      data = { status: "paused" };
    } else if (input.action === "skipNext") {
      if (current.status !== "active") throw conflict("Resume this standing order first");
      data = { skipNextDate: current.nextDate };
    } else if (input.action === "unskip") {
      // Undoing a skip: the next occurrence is placed after all, and its hold comes back below.
      if (current.status !== "active") throw conflict("Resume this standing order first");
      if (current.skipNextDate !== current.nextDate) return serializeStandingOrder(tx, current);
      data = { skipNextDate: null };
    } else {
      if (current.status === "active") return serializeStandingOrder(tx, current);
      // Resuming starts again from the window's next date still ahead of its placement time.
      const window = await findWindow(tx, current);
      if (!window)
        throw conflict(
          `${current.farm.farmName} no longer has this ${current.kind} window: cancel this standing order and set up a new one`,
        );
      const nextDate = firstDate(window, now);
      data = {
        status: "active",
        nextDate,
        nextDueAt: dueAt(window, nextDate, window.farm.timeZone),
        skipNextDate: null,
      };
    }
    const row = await tx.standingOrder.update({ where: { id }, data, include: standingInclude });
    // Pausing, skipping or editing moves the stock hold in the same transaction.
    await syncHold(tx, id, now);
    return serializeStandingOrder(tx, row);
  });
}

/**
 * What a restaurant can add to one of its standing orders: the farm's products for sale, at the
 * restaurant price and case size (the same rows the farm page lists), newest first.
 */
export async function addableProducts(user: SessionUser, id: number): Promise<ProductJson[]> {
  requireRestaurant(user);
  const own = await db.standingOrder.findFirst({
    where: { id, userId: user.id, status: { not: "cancelled" } },
    select: { farmId: true },
  });
  if (!own) throw notFound("Standing order not found");
  return listForViewer(await listFarmProducts(own.farmId, 100), "restaurant");
}

export function cancelStandingOrder(user: SessionUser, id: number): Promise<StandingOrderJson> {
  return restaurantWrite(user, async (tx) => {
    await lockOwn(tx, user.id, id);
    const row = await tx.standingOrder.update({
      where: { id },
      data: { status: "cancelled" },
      include: standingInclude,
    });
    await syncHold(tx, id, new Date());
    return serializeStandingOrder(tx, row);
  });
}
