"use client";
import { useCallback, useRef, useState } from "react";

/**
 * A dialog that sends something (top-up, credit limit, paying a statement): it cannot be closed,
 * nor its action started twice, while the request is in flight. `onOpenChange` goes to the Radix
 * `Dialog`; `onOpen` resets the form (or a new Idempotency-Key) each time it opens. `run` marks
 * it busy around the request; the request closes the dialog itself with `close()` once it went
 * through, so a failure leaves the user's input where it was.
 */
export function useBusyDialog({
  onOpen,
  onClose,
}: { onOpen?: () => void; onClose?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // A ref as well as state: a double click lands before React re-renders with busy = true.
  const inFlight = useRef(false);

  const onOpenChange = (next: boolean) => {
    if (inFlight.current) return;
    if (next) onOpen?.();
    else onClose?.();
    setOpen(next);
  };

  const run = useCallback(async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const close = useCallback(() => setOpen(false), []);
  return { open, onOpenChange, busy, run, close };
}
