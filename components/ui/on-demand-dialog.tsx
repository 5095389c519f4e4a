"use client";
import { useRef, useState, type ButtonHTMLAttributes, type RefObject } from "react";
import { preloadOnReach, useOnDemand, type OnDemand } from "./on-demand";

/** What an on-demand dialog is given; `trigger` takes the focus back when it closes. */
export type OnDemandDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
};

/**
 * A plain button that opens a dialog fetched on demand (./on-demand.ts): reaching for the button
 * preloads the dialog, pressing it loads and opens it.
 */
export function OnDemandDialogButton({
  dialog,
  ...button
}: { dialog: OnDemand<OnDemandDialogProps> } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "onClick" | "onFocus" | "onPointerEnter" | "onTouchStart"
>) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { Component: Dialog, open: load } = useOnDemand(dialog);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...preloadOnReach(dialog)}
        onClick={async () => setOpen(await load())}
        {...button}
      />
      {Dialog ? <Dialog open={open} onOpenChange={setOpen} trigger={trigger} /> : null}
    </>
  );
}
