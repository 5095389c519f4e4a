import type { ReactNode } from "react";
import { DialogDescription, DialogHeader, DialogTitle } from "./dialog";

/** A dialog's title and the line under it saying what it is for (Radix reads both aloud). */
export function DialogHeading({
  title,
  description,
}: {
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
