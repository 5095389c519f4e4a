"use client";
import type { FormEvent, ReactNode } from "react";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogContent } from "./dialog";
import { DialogHeading } from "./dialog-heading";

/**
 * An action asked for in a dialog (a reason for the record, a bank reference, a password): the
 * title, what it does, the form's fields and its submit button, disabled while `busy`.
 * `onSubmit` gets the form's data; closing the dialog calls `onClose`.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  noValidate,
  submit,
  submitVariant,
  busy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (form: FormData) => void;
  /** The server checks the fields and names the wrong ones. */
  noValidate?: boolean;
  submit: ReactNode;
  submitVariant?: ButtonProps["variant"];
  busy: boolean;
  children: ReactNode;
}) {
  function submitForm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSubmit(new FormData(e.currentTarget));
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <form onSubmit={submitForm} className="grid gap-4" noValidate={noValidate}>
          {children}
          <Button type="submit" variant={submitVariant} disabled={busy}>
            {submit}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A text field's value from submitted form data, trimmed ("" when absent). */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
