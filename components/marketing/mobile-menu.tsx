"use client";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";

// The drawer (Radix Dialog) is fetched as soon as a finger or pointer comes near the button (or it
// takes focus) and mounted on first open, so it costs the page load nothing.
const loadDrawer = () => import("./mobile-menu-dialog");
const MobileMenuDialog = lazy(loadDrawer);

/** Below 768 px the header menu is a full-screen drawer. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDrawer()}
        onTouchStart={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" className="h-6 w-6" />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} triggerRef={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
