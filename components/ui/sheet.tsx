"use client";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import {
  forwardRef,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type HTMLAttributes,
} from "react";
import { cn } from "@/lib/cn";

/** A Radix Dialog shown as a side panel (focus trap, Esc, scroll lock, labelled by its title). */
export const Sheet = D.Root;
export const SheetTrigger = D.Trigger;
export const SheetClose = D.Close;

const sides = {
  right: "inset-y-0 right-0 h-full w-full max-w-md border-l",
  left: "inset-y-0 left-0 h-full w-full max-w-md border-r",
  bottom: "inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-2xl border-t",
} as const;

export const SheetContent = forwardRef<
  ComponentRef<typeof D.Content>,
  ComponentPropsWithoutRef<typeof D.Content> & { side?: keyof typeof sides; closeLabel?: string }
>(function SheetContent(
  { className, children, side = "right", closeLabel = "Close", ...props },
  ref,
) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
      <D.Content
        ref={ref}
        className={cn(
          "fixed z-50 flex flex-col gap-4 border-gray-200 bg-white p-6 shadow-xl outline-none data-[state=open]:animate-fade-in",
          sides[side],
          className,
        )}
        {...props}
      >
        {children}
        <D.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 rounded-md p-1.5 text-muted hover:bg-gray-100 hover:text-ink"
        >
          <X aria-hidden className="h-5 w-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
});

export function SheetHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("grid gap-1 pr-8", className)} {...props} />;
}

export const SheetTitle = forwardRef<
  ComponentRef<typeof D.Title>,
  ComponentPropsWithoutRef<typeof D.Title>
>(function SheetTitle({ className, ...props }, ref) {
  return <D.Title ref={ref} className={cn("text-lg font-bold text-ink", className)} {...props} />;
});

export const SheetDescription = forwardRef<
  ComponentRef<typeof D.Description>,
  ComponentPropsWithoutRef<typeof D.Description>
>(function SheetDescription({ className, ...props }, ref) {
  return <D.Description ref={ref} className={cn("text-sm text-muted", className)} {...props} />;
});
