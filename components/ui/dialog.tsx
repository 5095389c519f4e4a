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

/** Radix Dialog with the app's look. Compose: <Dialog><DialogTrigger/><DialogContent>…</DialogContent></Dialog>. */
export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;
export const DialogPortal = D.Portal;

/**
 * The overlay, the panel and its close button, which dialogs and side sheets (sheet.tsx) share;
 * `className` places and sizes the panel, `overlayClassName` tints the page behind it.
 */
export const DialogPanel = forwardRef<
  ComponentRef<typeof D.Content>,
  ComponentPropsWithoutRef<typeof D.Content> & { closeLabel?: string; overlayClassName: string }
>(function DialogPanel(
  { className, overlayClassName, children, closeLabel = "Close", ...props },
  ref,
) {
  return (
    <D.Portal>
      <D.Overlay
        className={cn("fixed inset-0 z-50 data-[state=open]:animate-fade-in", overlayClassName)}
      />
      <D.Content
        ref={ref}
        className={cn(
          "fixed z-50 gap-4 bg-white p-6 shadow-xl outline-none data-[state=open]:animate-fade-in",
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

export const DialogContent = forwardRef<
  ComponentRef<typeof D.Content>,
  ComponentPropsWithoutRef<typeof D.Content> & { closeLabel?: string }
>(function DialogContent({ className, ...props }, ref) {
  return (
    <DialogPanel
      ref={ref}
      overlayClassName="bg-black/50"
      className={cn(
        "top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl",
        className,
      )}
      {...props}
    />
  );
});

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("grid gap-1.5 pr-8", className)} {...props} />;
}

export const DialogTitle = forwardRef<
  ComponentRef<typeof D.Title>,
  ComponentPropsWithoutRef<typeof D.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return <D.Title ref={ref} className={cn("text-xl font-bold text-ink", className)} {...props} />;
});

export const DialogDescription = forwardRef<
  ComponentRef<typeof D.Description>,
  ComponentPropsWithoutRef<typeof D.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <D.Description ref={ref} className={cn("text-sm text-muted", className)} {...props} />;
});
