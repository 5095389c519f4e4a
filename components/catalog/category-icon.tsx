import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/components/ui/icon-names";

/** docs/product.md: the six known icon names map to their icon; anything else gets a basket. */
const ICONS: Record<string, IconName> = {
  seedling: "sprout",
  egg: "egg",
  "drumstick-bite": "drumstick",
  beer: "beer",
  "wine-glass-alt": "wine",
  jar: "amphora",
};

export const iconFor = (name: string): IconName =>
  Object.hasOwn(ICONS, name) ? ICONS[name] : "shopping-basket";

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  return (
    <Icon
      name={iconFor(name)}
      data-icon={Object.hasOwn(ICONS, name) ? name : "default"}
      className={className}
    />
  );
}
