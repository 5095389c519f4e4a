"use client";
import {
  forwardRef,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type HTMLAttributes,
} from "react";
import { cn } from "@/lib/cn";
import { Dialog as D } from "radix-ui";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTrigger } from "./dialog";

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

export const SheetContent = forwardRef<
  ComponentRef<typeof DialogPanel>,
  Omit<ComponentPropsWithoutRef<typeof DialogPanel>, "overlayClassName"> & {
    side?: keyof typeof sides;
  }
>(function SheetContent({ className, side = "right", ...props }, ref) {
  return (
    <DialogPanel
      ref={ref}
      overlayClassName="bg-black/40"
      className={cn("flex flex-col border-gray-200", sides[side], className)}
      {...props}
    />
  );
});

export function SheetHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("grid gap-1 pr-8", className)} {...props} />;
}

/** A sheet's title, a size smaller than a dialog's. */
export const SheetTitle = forwardRef<
  ComponentRef<typeof D.Title>,
  ComponentPropsWithoutRef<typeof D.Title>
>(function SheetTitle({ className, ...props }, ref) {
  return <D.Title ref={ref} className={cn("text-lg font-bold text-ink", className)} {...props} />;
});
