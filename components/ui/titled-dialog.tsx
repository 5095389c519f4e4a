"use client";
import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTrigger, type PanelProps } from "./dialog";
import { DialogHeading } from "./dialog-heading";

/**
 * The usual dialog: `trigger` (when given) opens a panel headed by `title` and `description`, with
 * `children` below them; other props (role, test id) go to the panel.
 */
export function TitledDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  ...content
}: Omit<PanelProps, "title"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent {...content}>
        <DialogHeading title={title} description={description} />
        {children}
      </DialogContent>
    </Dialog>
  );
}
