import { Button, type ButtonProps } from "./button";

/**
 * A form's submit button: disabled while `busy`, when it says what is happening (`busyLabel`,
 * e.g. "Saving...") instead of its action.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...button
}: Omit<ButtonProps, "type" | "disabled"> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy} {...button}>
      {busy ? busyLabel : children}
    </Button>
  );
}
