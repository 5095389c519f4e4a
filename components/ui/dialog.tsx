"use client";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { withClassName } from "./with-class-name";

/** Radix Dialog with the app's look. Compose: <Dialog><DialogTrigger/><DialogContent>…</DialogContent></Dialog>. */
export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;
export const DialogPortal = D.Portal;

export type PanelProps = ComponentProps<typeof D.Content> & { closeLabel?: string };

/**
 * The overlay, the panel and its close button, which dialogs and side sheets (sheet.tsx) share;
 * `className` places and sizes the panel, `overlayClassName` tints the page behind it.
 */
export function DialogPanel({
  className,
  overlayClassName,
  children,
  closeLabel = "Close",
  ...props
}: PanelProps & { overlayClassName: string }) {
  return (
    <D.Portal>
      <D.Overlay
        className={cn("fixed inset-0 z-50 data-[state=open]:animate-fade-in", overlayClassName)}
      />
      <D.Content
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
}

/** A dialog's panel: centred, at most 32rem wide, scrolling when taller than the screen. */
export function DialogContent({ className, ...props }: PanelProps) {
  return (
    <DialogPanel
      overlayClassName="bg-black/50"
      className={cn(
        "top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl",
        className,
      )}
      {...props}
    />
  );
}

export const DialogHeader = withClassName("div", "grid gap-1.5 pr-8");
export const DialogTitle = withClassName(D.Title, "text-xl font-bold text-ink");
export const DialogDescription = withClassName(D.Description, "text-sm text-muted");
