import { FulfilmentSettingsForm } from "@/components/farm/fulfilment-form";
import { SlotPreview } from "@/components/farm/slot-preview";
import { farmPageUser, getMyFarm } from "@/lib/server/farm/profile";
import { getFulfilmentSettings } from "@/lib/server/fulfilment/settings";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

/** My Farm → Fulfilment: the farm's windows, points and zones, and the slots they give buyers. */
export default async function FulfilmentPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const [farm, settings] = await Promise.all([getMyFarm(user), getFulfilmentSettings(user)]);
  const slotsKey = `/api/farms/${farm.id}/slots?days=28`;
  return (
    <FarmSection
      id="fulfilment"
      title="Fulfilment"
      className="grid gap-6"
      intro={
        <p className="max-w-2xl text-sm text-muted">
          When and where buyers get their orders: your pickup points, the postal codes you deliver
          to, and the weekly windows orders are packed for. Orders close a set number of hours
          before each window starts.
        </p>
      }
    >
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <FulfilmentSettingsForm initial={settings} slotsKey={slotsKey} />
        <SlotPreview slotsKey={slotsKey} />
      </div>
    </FarmSection>
  );
}
