import type { Metadata } from "next";
import { ReportsView } from "@/components/farm/reports-view";
import { farmReports } from "@/lib/server/farm/sales-report";
import { FARM_TIME_ZONE } from "@/lib/server/farm/sales";
import { farmPageUser } from "@/lib/server/farm/profile";
import { localDateOf } from "@/lib/server/tz-zone";
import { reportPeriodSchema } from "@/lib/validators/farm";
import { DEFAULT_PRESET, reportPresets } from "@/lib/report-period";

export const metadata: Metadata = { title: "Reports", robots: { index: false } };
export const dynamic = "force-dynamic";

/** My Farm → Reports (docs/money.md, "Reports"): the first view is rendered here, with its data. */
export default async function ReportsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await farmPageUser();
  if (!user) return null;
  const today = localDateOf(new Date(), FARM_TIME_ZONE);
  const presets = reportPresets(today);
  const asked = reportPeriodSchema.safeParse(await searchParams);
  const period = asked.success
    ? { from: asked.data.from, to: asked.data.to }
    : presets[DEFAULT_PRESET];
  const reports = await farmReports(user, period).catch((error) => {
    console.error("[my-farm/reports] failed to load:", error);
    return null;
  });
  return (
    <ReportsView
      initialPeriod={period}
      presets={presets}
      today={today}
      initialSales={reports?.sales ?? null}
      initialTax={reports?.tax ?? null}
    />
  );
}
