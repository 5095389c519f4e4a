"use client";
import { useCallback, useState, type ComponentType } from "react";
import { toast } from "./use-toast";

/**
 * A component the first frame does not need: the Radix parts of the app header's menu and
 * dialogs, fetched when someone reaches for their control (`preload` on pointer over it, a finger
 * on it, keyboard focus) and rendered once they open it. Until then the control is a plain button
 * of the same look, so a page neither downloads nor hydrates Radix's menus, popper and dialogs to
 * show itself (docs/architecture.md, "Where the time goes").
 */
export type OnDemand<P> = {
  preload: () => void;
  load: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | undefined;
};

export function onDemand<P extends object>(importer: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let component: ComponentType<P> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (c) => (component = c),
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again at the next reach, not remembered.
        loading = undefined;
        throw error;
      },
    ));
  return { load, preload: () => void load().catch(() => undefined), loaded: () => component };
}

/** The control's handlers that preload `part` when someone reaches for it (pointer, finger, focus). */
export function preloadOnReach(part: Pick<OnDemand<never>, "preload">) {
  return { onPointerEnter: part.preload, onTouchStart: part.preload, onFocus: part.preload };
}

/**
 * The component once it is wanted: `open()` loads it (at once when a reach already did) and
 * answers whether it is there; a failed load says so in a toast (unless `quiet`: a hover, not a
 * press) and leaves the plain control.
 */
export function useOnDemand<P extends object>(
  part: OnDemand<P>,
): { Component: ComponentType<P> | undefined; open: (quiet?: boolean) => Promise<boolean> } {
  const [Component, setComponent] = useState<ComponentType<P> | undefined>(part.loaded);
  const open = useCallback(
    async (quiet = false) => {
      try {
        const c = part.loaded() ?? (await part.load());
        setComponent(() => c);
        return true;
      } catch {
        if (!quiet)
          toast({
            title: "Could not open this",
            description: "Check your connection and try again.",
            variant: "destructive",
          });
        return false;
      }
    },
    [part],
  );
  return { Component, open };
}
