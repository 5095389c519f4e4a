import { RESTAURANTS } from "@/prisma/seed-data/catalog";
import type { SeedContext } from "./types";

/**
 * Glenmore Valley Greens emails its fresh sheet on Thursdays at 7:00 (its zone), and Bench Bistro
 * follows it (docs/restaurants.md, "Fresh sheet"). Set once, with the follow: a farmer who later
 * changes the day, or a reader who unfollows, is left alone on later seed runs.
 */
const FRESH_SHEET = {
  farm: "glenmore-valley-greens",
  reader: RESTAURANTS[0].email,
  weekday: 4,
  hour: 7,
};

export async function ensureFreshSheet(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, log } = ctx;
  const farmId = farmIds.get(FRESH_SHEET.farm);
  const userId = userIds.get(FRESH_SHEET.reader);
  if (!farmId || !userId) return;
  const created = await tx.farmFollow.createMany({
    data: [{ userId, farmId }],
    skipDuplicates: true,
  });
  if (!created.count) return;
  await tx.farm.update({
    where: { id: farmId },
    data: { freshSheetWeekday: FRESH_SHEET.weekday, freshSheetHour: FRESH_SHEET.hour },
  });
  log(
    `fresh sheet: Glenmore Valley Greens on Thursdays at ${FRESH_SHEET.hour}:00, followed by ${RESTAURANTS[0].company.companyName}`,
  );
}
