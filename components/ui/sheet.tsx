"use client";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Dialog as D } from "radix-ui";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTrigger } from "./dialog";
import { withClassName } from "./with-class-name";

/** A Radix Dialog shown as a side panel (focus trap, Esc, scroll lock, labelled by its title). */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;
export const SheetClose = DialogClose;
export const SheetDescription = DialogDescription;

const sides = {
  right: "inset-y-0 right-0 h-full w-full max-w-md border-l",
  left: "inset-y-0 left-0 h-full w-full max-w-md border-r",
  bottom: "inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-2xl border-t",
} as const;

export function SheetContent({
  className,
  side = "right",
  ...props
}: Omit<ComponentProps<typeof DialogPanel>, "overlayClassName"> & { side?: keyof typeof sides }) {
  return (
    <DialogPanel
      overlayClassName="bg-black/40"
      className={cn("flex flex-col border-gray-200", sides[side], className)}
      {...props}
    />
  );
}

export const SheetHeader = withClassName("div", "grid gap-1 pr-8");
/** A sheet's title, a size smaller than a dialog's. */
export const SheetTitle = withClassName(D.Title, "text-lg font-bold text-ink");
