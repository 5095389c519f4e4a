"use client";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import type { WaitlistInput } from "@/lib/validators/submissions";
import type { SubmissionKind } from "./submission-dialog";

type Request = { kind: SubmissionKind; role?: WaitlistInput["role"]; key: number };
type Ctx = { openDialog: (kind: SubmissionKind, role?: WaitlistInput["role"]) => void };

const DialogsContext = createContext<Ctx | null>(null);

// The forms (react-hook-form + zod) load on first use so the landing page ships little JS
// (React.lazy: next/dynamic would add 7 KB of its own to the first load).
const loadDialog = () => import("./submission-dialog");
const SubmissionDialog = lazy(loadDialog);

/** Holds the one waitlist/demo dialog of the marketing site; any OpenDialogButton opens it. */
export function MarketingDialogs({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = useCallback((kind: SubmissionKind, role?: WaitlistInput["role"]) => {
    setRequest((r) => ({ kind, role, key: (r?.key ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openDialog }), [openDialog]);
  return (
    <DialogsContext.Provider value={value}>
      {children}
      {request ? (
        // Its own boundary: while the form's code loads, only the dialog waits, never the page.
        <Suspense fallback={null}>
          <SubmissionDialog
            key={request.key}
            kind={request.kind}
            defaultRole={request.role}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </DialogsContext.Provider>
  );
}

export function useMarketingDialogs(): Ctx {
  const ctx = useContext(DialogsContext);
  if (!ctx) throw new Error("useMarketingDialogs must be used inside MarketingDialogs");
  return ctx;
}

/** A button that opens the waitlist or demo dialog (optionally with a role chosen). */
export function OpenDialogButton({
  kind,
  role,
  onClick,
  ...props
}: ButtonProps & { kind: SubmissionKind; role?: WaitlistInput["role"] }) {
  const { openDialog } = useMarketingDialogs();
  return (
    <Button
      aria-haspopup="dialog"
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={(e) => {
        onClick?.(e);
        openDialog(kind, role);
      }}
      {...props}
    />
  );
}
