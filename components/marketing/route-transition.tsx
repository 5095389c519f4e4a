"use client";
import { useEffect, useState, type ReactNode } from "react";

// False until the first page of this visit has hydrated; later pages are client-side navigations.
let navigated = false;

/**
 * Route changes fade and slide in. The first page of a visit does not: it is already
 * painted by the server, and fading it in would only hide it (and delay its largest paint).
 * globals.css shortens the animation under prefers-reduced-motion.
 */
export function RouteTransition({ children }: { children: ReactNode }) {
  const [animate] = useState(() => navigated);
  useEffect(() => {
    navigated = true;
  }, []);
  return <div className={animate ? "animate-fade-in" : undefined}>{children}</div>;
}
