"use client";
import type { ComponentProps } from "react";
import { Button } from "./button";
import { DialogClose } from "./dialog";
import { TitledDialog } from "./titled-dialog";

/**
 * Asks before a step that cannot be undone (an alertdialog): "keep" closes it, "confirm" runs
 * `onConfirm`. While `busy`, both buttons are disabled and the confirm one reads `busyLabel`.
 */
export function ConfirmDialog({
  keepLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  confirmTestId,
  ...dialog
}: Omit<ComponentProps<typeof TitledDialog>, "children" | "role"> & {
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  confirmTestId: string;
}) {
  return (
    <TitledDialog role="alertdialog" {...dialog}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            {keepLabel}
          </Button>
        </DialogClose>
        <Button
          variant="destructive"
          onClick={onConfirm}
          disabled={busy}
          data-testid={confirmTestId}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </TitledDialog>
  );
}
