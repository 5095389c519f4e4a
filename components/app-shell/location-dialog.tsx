"use client";
import { useState } from "react";
import { Dialog } from "radix-ui";
import { Crosshair, Map, MapPin, Search } from "lucide-react";
import { DialogPanel } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { CURRENT_LOCATION, filterLocations, setLocation, useLocation } from "./location-store";
import type { OnDemandDialogProps } from "@/components/ui/on-demand-dialog";

/**
 * The "Select your location" dialog, opened by the header's location button (location-picker.tsx),
 * which loads this on demand; focus goes back to that button when it closes.
 */
export function LocationDialog({ open, onOpenChange, trigger }: OnDemandDialogProps) {
  const location = useLocation();
  const [query, setQuery] = useState("");
  const matches = filterLocations(query);

  const close = () => {
    onOpenChange(false);
    setQuery("");
  };

  const choose = (value: string) => {
    setLocation(value);
    close();
    toast({ title: "Location updated", description: `Your location has been set to ${value}` });
  };

  const useCurrent = () => {
    setLocation(CURRENT_LOCATION);
    close();
    toast({ title: "Using current location" });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogPanel
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          trigger.current?.focus();
        }}
        overlayClassName="bg-black/50"
        className="top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl"
      >
        <Dialog.Title className="pr-8 text-xl font-bold text-ink">
          Select your location
        </Dialog.Title>
        <Dialog.Description className="sr-only">
          Choose where your order should be delivered.
        </Dialog.Description>
        <div className="relative">
          <label htmlFor="location-search" className="sr-only">
            Search locations
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <input
            id="location-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search for a location..."
            autoComplete="off"
            className="h-11 w-full rounded-lg border border-gray-300 pr-3 pl-9 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200"
          />
        </div>
        <button
          type="button"
          onClick={useCurrent}
          className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Crosshair aria-hidden className="h-5 w-5" />
          Use my current location
        </button>
        <div
          role="img"
          aria-label="Map view"
          className="flex h-32 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-brand-300 bg-brand-50 text-sm text-brand-800"
        >
          <Map aria-hidden className="h-6 w-6" />
          Map view
        </div>
        <section aria-labelledby="suggested-locations">
          <h3 id="suggested-locations" className="mb-2 text-sm font-semibold text-muted">
            Suggested locations
          </h3>
          {matches.length === 0 ? (
            <p className="py-3 text-sm text-muted" role="status">
              No locations found matching {query.trim()}
            </p>
          ) : (
            <ul className="grid gap-1">
              {matches.map((l) => (
                <li key={l}>
                  <button
                    type="button"
                    onClick={() => choose(l)}
                    aria-current={l === location ? "true" : undefined}
                    className={cn(
                      "flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-gray-100",
                      l === location && "bg-brand-50 font-semibold text-brand-900",
                    )}
                  >
                    <MapPin aria-hidden className="h-4 w-4 text-muted" />
                    {l}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogPanel>
    </Dialog.Root>
  );
}
