"use client";
import { onDemand } from "@/components/ui/on-demand";
import { OnDemandDialogButton } from "@/components/ui/on-demand-dialog";
import { cn } from "@/lib/cn";
import { useLocation } from "./location-store";
import { Icon } from "@/components/ui/icon";

const dialog = onDemand(() => import("./location-dialog").then((m) => m.LocationDialog));

/**
 * Header location picker. The "Select your location" dialog (a Radix Dialog) is fetched when
 * someone reaches for the button and shown when they press it (ui/on-demand.ts).
 */
export function LocationPicker({ className }: { className?: string }) {
  const location = useLocation();
  return (
    <OnDemandDialogButton
      dialog={dialog}
      className={cn(
        "flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-left text-sm hover:bg-gray-100",
        className,
      )}
    >
      <Icon name="map-pin" className="h-5 w-5 shrink-0 text-brand-700" />
      <span className="min-w-0">
        <span className="block text-xs text-muted">Deliver to</span>
        <span data-testid="current-location" className="block truncate font-semibold text-ink">
          {location}
        </span>
      </span>
      <span className="sr-only">, change location</span>
      <Icon name="chevron-down" className="h-4 w-4 shrink-0 text-muted" />
    </OnDemandDialogButton>
  );
}
