import "server-only";
import type { SessionUser } from "@/lib/server/auth/session";
import { db } from "@/lib/server/platform/db";
import { conflict } from "@/lib/server/platform/errors";
import { consume } from "@/lib/server/platform/rate-limit";
import { freshSheet } from "@/lib/server/catalog/farm-page";
import { queueFreshSheetTest } from "@/lib/server/notifications/fresh-sheets";
import { requireOwnFarm } from "./access";

/** A test costs an email: a few an hour is plenty to check a change. */
export const FRESH_SHEET_TEST_LIMIT = { max: 5, windowMs: 60 * 60_000 };

/**
 * POST /api/my-farm/fresh-sheet/test (docs/restaurants.md, "Fresh sheet"): this week's sheet to
 * the farmer's own address through the outbox, as followers get it. Answers where it goes.
 */
export async function sendFreshSheetTest(user: SessionUser): Promise<{ sentTo: string }> {
  const farm = await requireOwnFarm(user);
  await consume(`fresh-sheet-test:${farm.id}`, FRESH_SHEET_TEST_LIMIT, {
    message: "That is enough test emails for now. Please try again in an hour.",
    log: `fresh-sheet test of farm ${farm.id}`,
  });
  if (!(await freshSheet(farm.id, "retail")).length)
    throw conflict("Nothing is in stock to put on the sheet: add stock to a product first.");
  await queueFreshSheetTest(farm);
  const owner = await db.user.findUniqueOrThrow({
    where: { id: farm.userId },
    select: { email: true },
  });
  return { sentTo: owner.email };
}
