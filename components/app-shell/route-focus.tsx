"use client";
import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

/** How long a new page may take to show its heading (its data arriving) before focus stays put. */
const WAIT_MS = 5_000;

/**
 * After a client navigation to another page, focus moves to the new page's main heading (its h1),
 * so a screen reader reads where it is and Tab starts from there, as after a full page load; it
 * would otherwise stay on the link or button pressed, or fall to the body when that is gone. A
 * page that puts focus somewhere itself (the order confirmation's heading) keeps it. The first
 * load and a change of query alone (a tab, a category) move nothing.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  const pressed = useRef<Element | null>(null);

  useEffect(() => {
    const remember = (e: Event) => {
      pressed.current = e.target instanceof Element ? e.target : null;
    };
    document.addEventListener("click", remember, true);
    return () => document.removeEventListener("click", remember, true);
  }, []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById("main");
    if (!main) return;
    // Focus left behind: on nothing, on what was pressed, or outside the page (the rail, the header).
    const leftBehind = () => {
      const a = document.activeElement;
      return (
        !a ||
        a === document.body ||
        !a.isConnected ||
        !main.contains(a) ||
        (pressed.current !== null && a.contains(pressed.current))
      );
    };
    const focusHeading = () => {
      if (!leftBehind()) return true;
      const h1 = main.querySelector("h1");
      if (!h1) return false;
      if (!h1.hasAttribute("tabindex")) h1.setAttribute("tabindex", "-1");
      h1.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
