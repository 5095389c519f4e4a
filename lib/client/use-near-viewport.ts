"use client";
import { useCallback, useState } from "react";

/**
 * `[ref, near]`: `near` turns true once the element comes within `ahead` of the bottom of the
 * viewport (or is already there) and stays true. For work a screen does not need until someone
 * scrolls towards it, as `loading="lazy"` is for an image: the home sections below the first
 * fetch and render their cards then (docs/architecture.md, "Where the time goes"). Without
 * IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(
  ahead = "600px",
): [(node: T | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (node: T | null) => {
      if (!node || near) return;
      if (typeof IntersectionObserver === "undefined") {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) setNear(true);
        },
        { rootMargin: `0px 0px ${ahead} 0px` },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [near, ahead],
  );
  return [ref, near];
}
