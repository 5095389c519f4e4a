"use client";
import { useSyncExternalStore } from "react";

/** Suggested locations (docs/product.md); UBC Okanagan is the default. */
export const SUGGESTED_LOCATIONS = [
  "UBC Okanagan",
  "Downtown Kelowna",
  "West Kelowna",
  "Mission District",
  "Rutland",
  "Lake Country",
] as const;
export const DEFAULT_LOCATION = SUGGESTED_LOCATIONS[0];
export const CURRENT_LOCATION = "Current Location (Kelowna)";
const KEY = "fieldfare.location";

const listeners = new Set<() => void>();

function read(): string {
  try {
    return window.localStorage.getItem(KEY) || DEFAULT_LOCATION;
  } catch {
    return DEFAULT_LOCATION;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The chosen location, persisted in localStorage across reloads (and shared between tabs). */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_LOCATION);
}

export function setLocation(value: string) {
  try {
    window.localStorage.setItem(KEY, value);
  } catch {
    /* private mode: keep it for this page only */
  }
  for (const l of [...listeners]) l();
}

/** docs/product.md: case-insensitive substring match on the suggestions. */
export function filterLocations(query: string): string[] {
  const q = query.trim().toLowerCase();
  return SUGGESTED_LOCATIONS.filter((l) => l.toLowerCase().includes(q));
}
