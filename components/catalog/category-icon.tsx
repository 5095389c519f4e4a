import { createElement } from "react";
import { Amphora, Beer, Drumstick, Egg, ShoppingBasket, Sprout, Wine, type LucideIcon } from "lucide-react";

/** docs/product.md: the six known icon names map to their icon; anything else gets a basket. */
const ICONS: Record<string, LucideIcon> = {
  seedling: Sprout,
  egg: Egg,
  "drumstick-bite": Drumstick,
  beer: Beer,
  "wine-glass-alt": Wine,
  jar: Amphora,
};

export const iconFor = (name: string): LucideIcon => (Object.hasOwn(ICONS, name) ? ICONS[name] : ShoppingBasket);

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const known = Object.hasOwn(ICONS, name);
  return createElement(known ? ICONS[name] : ShoppingBasket, { "aria-hidden": true, "data-icon": known ? name : "default", className } as Record<string, unknown>);
}
