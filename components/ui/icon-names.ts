/**
 * The icons in public/icons.svg (lucide's names). Add a name here, then `npm run icons`
 * regenerates the sprite; tests/ui/icon-sprite.test.ts fails when it was not run.
 */
export const ICON_NAMES = [
  "amphora",
  "arrow-up",
  "beer",
  "calendar-clock",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "drumstick",
  "egg",
  "ellipsis",
  "house",
  "log-in",
  "map-pin",
  "menu",
  "message-circle",
  "package",
  "pause",
  "play",
  "plus",
  "receipt-text",
  "repeat",
  "search",
  "shield-check",
  "shopping-basket",
  "shopping-cart",
  "sprout",
  "star",
  "tractor",
  "user",
  "users",
  "wallet",
  "wine",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
