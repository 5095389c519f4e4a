import { PackListView } from "@/components/farm/pack-list-view";
import { farmPageUser } from "@/lib/server/farm/profile";
import { nextPackDate } from "@/lib/server/fulfilment/pack-dates";
import { packList } from "@/lib/server/fulfilment/pack-list";
import { localDate } from "@/lib/validators/fulfilment";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ date?: string | string[] }> };

/** My Farm → Pack list (?date=YYYY-MM-DD; by default the next day with orders, else today). */
export default async function PackListPage({ searchParams }: Props) {
  const user = await farmPageUser();
  if (!user) return null;
  const { date: raw } = await searchParams;
  const asked = typeof raw === "string" && raw !== "" ? localDate.safeParse(raw) : null;
  const date = asked?.success ? asked.data : await nextPackDate(user);
  const list = await packList(user, date);
  return (
    <PackListView
      list={list}
      dateError={asked && !asked.success ? asked.error.issues[0]?.message : undefined}
    />
  );
}
