"use client";
import { useLayoutEffect, useRef, useState } from "react";
import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";
import { dismissToast, useToasts } from "./use-toast";

/** Whether the element is, or sits in, something fixed to the screen (a static one scrolls away). */
function onScreenBar(el: HTMLElement | null): boolean {
  for (; el; el = el.parentElement) if (getComputedStyle(el).position === "fixed") return true;
  return false;
}

/**
 * How far above the bottom edge toasts sit: above every visible bar marked `data-toast-clear` (the
 * tab bar, a sheet's Checkout, the product page's phone buy bar) that is fixed to the screen and
 * shares their columns; measured again while a toast is open whenever the page adds or removes
 * nodes (a sheet opening) or the window resizes.
 */
function useLift(open: boolean) {
  const viewport = useRef<HTMLOListElement>(null);
  const [lift, setLift] = useState(0);
  useLayoutEffect(() => {
    if (!open) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const own = viewport.current?.getBoundingClientRect();
        if (!own) return;
        let next = 0;
        for (const bar of document.querySelectorAll<HTMLElement>("[data-toast-clear]")) {
          const r = bar.getBoundingClientRect();
          if (r.height === 0 || r.right <= own.left || r.left >= own.right) continue;
          if (!onScreenBar(bar)) continue;
          next = Math.max(next, Math.ceil(window.innerHeight - r.top));
        }
        setLift(next);
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [open]);
  return { viewport, lift };
}

/**
 * Radix toasts per docs/product.md: 5 s, swipe right past 50 px, F8 focuses, 420 px viewport from
 * md up. They sit at the bottom, where they cover no header, cart or search: on a phone full width
 * above the tab bar (and above a sheet's or the product page's bottom bar), from md up in the
 * bottom-left corner, beside the rail (`besideRail`) and clear of the cart drawer on the right.
 */
export function Toaster({ besideRail = false }: { besideRail?: boolean }) {
  const toasts = useToasts();
  const { viewport, lift } = useLift(toasts.some((t) => t.open));
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          data-variant={t.variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-fade-in data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            t.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-gray-200 bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            ) : null}
            {t.action ? (
              <Toast.Action
                altText={t.action.altText}
                onClick={t.action.onClick}
                className="mt-1 justify-self-start rounded-md border border-current px-3 py-1 text-sm font-semibold"
              >
                {t.action.label}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        style={{ bottom: lift }}
        data-testid="toast-viewport"
        className={cn(
          "fixed bottom-0 left-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none md:max-w-[420px]",
          besideRail && "md:left-20",
        )}
      />
    </Toast.Provider>
  );
}
