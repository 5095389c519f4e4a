"use client";
import { lazy, Suspense, useEffect } from "react";
import { useToastRaised } from "./use-toast";

const load = () => import("./toaster");
// React.lazy rather than next/dynamic: the toaster only ever renders in the browser (after a toast),
// and next/dynamic would add its own 7 KB to the first load.
// A failed fetch (offline) shows no toast rather than taking the page down with it.
const Toaster = lazy(() =>
  load().then(
    (m) => ({ default: () => <m.Toaster /> }),
    () => ({ default: (): React.ReactNode => null }),
  ),
);

/**
 * The public site's toasts. Radix Toast is not needed for the first paint, so its code is fetched
 * at the first press or key and mounted with the first toast (F8 reaches toasts from then on;
 * before that there is nothing to reach). The signed-in app mounts <Toaster /> from the start:
 * there a toast often comes with a dialog (Track Delivery opens the order and says so), and a
 * toaster mounted after that dialog made the toast the top dismissable layer, so Esc closed the
 * toast and left the dialog open (e2e/adjustments.spec.ts).
 */
export function LazyToaster() {
  useEffect(() => {
    // Toasts answer what someone did: fetch the code at their first press or key, not during the
    // page's own start (where it was 18 KB of script and a task of its own).
    const warm = () => void load();
    const events = ["pointerdown", "keydown"] as const;
    for (const e of events)
      document.addEventListener(e, warm, { once: true, passive: true, capture: true });
    return () => events.forEach((e) => document.removeEventListener(e, warm, { capture: true }));
  }, []);
  return useToastRaised() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
