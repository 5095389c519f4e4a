import type { SVGProps } from "react";
import { cn } from "@/lib/cn";
import type { IconName } from "./icon-names";
import { ICON_SPRITE_VERSION } from "./icon-version";

/**
 * An icon from the sprite (public/icons.svg): a few bytes of `<svg><use/></svg>` in the HTML
 * instead of its paths, and no client component (lucide-react's icons are client components, so
 * each one rendered by a server component also travels in the RSC payload). Works in server and
 * client components alike. Decorative: hidden from assistive technology, the control around it
 * carries the name. Stroke and fill come from the `icon` class (app/globals.css); a `fill-*`
 * utility fills it (the stars).
 */
export function Icon({
  name,
  className,
  ...rest
}: { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children">) {
  return (
    <svg aria-hidden="true" focusable="false" className={cn("icon", className)} {...rest}>
      <use href={`/icons.svg?v=${ICON_SPRITE_VERSION}#${name}`} />
    </svg>
  );
}
