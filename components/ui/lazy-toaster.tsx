"use client";
import { lazy, Suspense, useEffect } from "react";
import { useToastRaised } from "./use-toast";

const load = () => import("./toaster");
// React.lazy rather than next/dynamic: the toaster only ever renders in the browser (after a toast),
// and next/dynamic would add its own 7 KB to the first load.
const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

/**
 * The public site's toasts. Radix Toast is not needed for the first paint, so its code is fetched
 * once the page is idle and mounted with the first toast (F8 reaches toasts from then on; before
 * that there is nothing to reach). The signed-in app mounts <Toaster /> directly: there, toasts
 * follow nearly every action and must stack above dialogs opened after them.
 */
export function LazyToaster() {
  useEffect(() => {
    const id = window.requestIdleCallback?.(() => void load(), { timeout: 4000 });
    return () => (id === undefined ? undefined : window.cancelIdleCallback(id));
  }, []);
  return useToastRaised() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
