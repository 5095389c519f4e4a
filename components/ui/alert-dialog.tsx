"use client";
import { AlertDialog as A } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button";

/**
 * A question to answer before going on (Radix AlertDialog: an outside click does not dismiss it,
 * and focus starts on the safe answer). "cancel" closes it; "confirm" closes it and runs `onConfirm`.
 */
export function AlertQuestion({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId: string;
}) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
        <A.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none data-[state=open]:animate-fade-in"
        >
          <div className="grid gap-1.5">
            <A.Title className="text-xl font-bold text-ink">{title}</A.Title>
            <A.Description asChild>
              <div className="grid gap-1 text-sm text-muted">{description}</div>
            </A.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </A.Cancel>
            <A.Action asChild>
              <Button onClick={onConfirm}>{confirmLabel}</Button>
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
