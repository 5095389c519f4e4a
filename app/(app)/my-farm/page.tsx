import { FarmToday } from "@/components/farm/farm-today";
import { farmPageUser } from "@/lib/server/farm/profile";
import { farmToday } from "@/lib/server/farm-day/today";

export const dynamic = "force-dynamic";

/** My Farm → Today, the farm's landing page (docs/product.md, "My Farm → Today"). */
export default async function MyFarmTodayPage() {
  const user = await farmPageUser();
  if (!user) return null;
  return <FarmToday today={await farmToday(user)} />;
}
