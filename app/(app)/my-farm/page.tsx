import { FarmToday } from "@/components/farm/farm-today";

/**
 * My Farm → Today, the farm's landing page (docs/product.md, "My Farm → Today"), prerendered:
 * the day is read from /api/my-farm/today in the browser (docs/architecture.md, "Pages").
 */
export default function MyFarmTodayPage() {
  return <FarmToday />;
}
