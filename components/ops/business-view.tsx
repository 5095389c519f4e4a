"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsApplications } from "@/lib/client/resources";
import type { OpsApplicationJson } from "@/lib/contracts/ops";
import { formatDate } from "@/lib/format";
import { FormDialog, formText } from "@/components/ui/form-dialog";
import { OpsSection } from "./ops-section";
import { EmptyNote } from "@/components/ui/empty-note";
import { AlertQuestion } from "@/components/ui/alert-dialog";
import { Loaded } from "./loaded";

/** Ops → Business accounts: pending applications, approve or reject with a reason. */
export function BusinessView() {
  const applications = useOpsApplications();
  const [rejecting, setRejecting] = useState<OpsApplicationJson | null>(null);
  const [approving, setApproving] = useState<OpsApplicationJson | null>(null);
  /** What the approval makes the account (docs/hubs.md): a restaurant, or a distributor with a hub. */
  const [approveAs, setApproveAs] = useState<"restaurant" | "distributor">("restaurant");
  const [busy, setBusy] = useState<number | null>(null);
  const [reasonError, setReasonError] = useState<string>();

  async function decide(a: OpsApplicationJson, decision: "approve" | "reject", reason?: string) {
    setBusy(a.userId);
    try {
      await apiFetch(`/api/ops/business-accounts/${a.userId}/decision`, {
        method: "POST",
        json: decision === "approve" ? { decision, as: approveAs } : { decision, reason },
      });
      toast({
        title: decision === "approve" ? `Approved ${a.companyName}` : `Rejected ${a.companyName}`,
        description: `${a.fullName} is emailed.`,
      });
      setRejecting(null);
      await applications.mutate();
    } catch (e) {
      const message = messageOf(e, "Could not save the decision. Please try again.");
      if (decision === "reject") setReasonError(message);
      else toast({ title: message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  function openReject(a: OpsApplicationJson) {
    setReasonError(undefined);
    setRejecting(a);
  }

  function submitReject(a: OpsApplicationJson, form: FormData) {
    const reason = formText(form, "reason");
    if (reason.length < 3) return setReasonError("Give a reason (it goes on the record)");
    void decide(a, "reject", reason);
  }

  return (
    <OpsSection id="business-title" title="Business accounts waiting" className="grid gap-4">
      <Loaded
        read={applications}
        failed="Could not load the applications"
        skeleton="h-32"
        empty={<EmptyNote>No applications are waiting.</EmptyNote>}
      >
        {(waiting) => (
          <ul className="grid gap-3">
            {waiting.map((a) => (
              <ApplicationRow
                key={a.userId}
                application={a}
                busy={busy === a.userId}
                onApprove={(as) => {
                  setApproveAs(as);
                  setApproving(a);
                }}
                onReject={() => openReject(a)}
              />
            ))}
          </ul>
        )}
      </Loaded>
      <AlertQuestion
        testId="approve-question"
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={
          <>
            Approve {approving?.companyName}
            {approveAs === "distributor" ? " as a distributor" : ""}?
          </>
        }
        description={
          <p>
            {approving?.fullName} then buys at restaurant prices, by the case, with standing orders
            {approveAs === "distributor" ? ", and may run a food hub," : ""} and is emailed the
            decision. It is in the audit log under your name.
          </p>
        }
        cancelLabel="Not yet"
        confirmLabel="Approve"
        onConfirm={() => approving && void decide(approving, "approve")}
      />
      <FormDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={<>Reject {rejecting?.companyName}</>}
        description="The buyer is emailed the reason and may apply again from Profile."
        onSubmit={(form) => rejecting && submitReject(rejecting, form)}
        submit="Reject application"
        submitVariant="destructive"
        busy={busy !== null}
      >
        <Field id="reject-reason" label="Reason" error={reasonError}>
          <Textarea id="reject-reason" name="reason" rows={3} maxLength={500} />
        </Field>
      </FormDialog>
    </OpsSection>
  );
}

type ApplicationRowProps = {
  application: OpsApplicationJson;
  busy: boolean;
  onApprove: (as: "restaurant" | "distributor") => void;
  onReject: () => void;
};

/** One waiting application: who applied, with what details, and the approve and reject buttons. */
function ApplicationRow({ application: a, busy, onApprove, onReject }: ApplicationRowProps) {
  return (
    <li
      aria-label={a.companyName}
      className="grid gap-3 rounded-2xl border border-gray-200 p-4 md:grid-cols-[1fr_auto] md:items-center"
    >
      <div className="grid gap-1 text-sm">
        <p className="text-base font-semibold text-ink">{a.companyName}</p>
        <p>
          {a.fullName} · {a.email}
        </p>
        <p className="text-muted">
          Business number {a.businessNumber} · {a.address}, {a.postalCode}
        </p>
        <p className="text-muted">Applied {formatDate(a.createdAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onApprove("restaurant")} disabled={busy}>
          Approve<span className="sr-only"> {a.companyName}</span>
        </Button>
        <Button variant="outline" onClick={() => onApprove("distributor")} disabled={busy}>
          Approve as distributor<span className="sr-only"> {a.companyName}</span>
        </Button>
        <Button variant="outline" onClick={onReject} disabled={busy}>
          Reject<span className="sr-only"> {a.companyName}</span>
        </Button>
      </div>
    </li>
  );
}
