"use client";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, messageOf, newIdempotencyKey } from "@/lib/client/api";
import type { MemberBoxJson, MembershipJson } from "@/lib/contracts/shares";
import { formatCurrency } from "@/lib/format";

type Line = MemberBoxJson["items"][number];
const lineText = (l: Line) => `${l.name} × ${l.quantity} ${l.unit}`;

/**
 * The confirm of a share box email's link: the box as it is, what the button will do, and the one
 * POST that does it (a live region says what happened: this page has no app shell for toasts).
 */
export function ShareLinkConfirm({
  token,
  action,
  box: first,
  skipsLeft,
  credited,
  swapIn,
}: {
  token: string;
  action: "skip" | "swap";
  box: MemberBoxJson;
  skipsLeft: number;
  /** A season member's box price, credited to the wallet by a skip. */
  credited: number | null;
  swapIn?: number;
}) {
  const [box, setBox] = useState(first);
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">(
    action === "skip" && first.skipped ? "done" : "idle",
  );
  const [error, setError] = useState("");
  // One key per page view: a double press or a retry after a lost answer skips once.
  const key = useMemo(() => newIdempotencyKey(), []);
  const options = box.swapOptions.filter(
    (o) => !box.items.some((i) => i.productId === o.productId),
  );
  const [optionId, setOptionId] = useState(
    options.some((o) => o.productId === swapIn) ? swapIn! : options[0]?.productId,
  );
  const [outId, setOutId] = useState(box.items[0]?.productId);
  const option = options.find((o) => o.productId === optionId);
  const out = box.items.find((i) => i.productId === outId);

  async function confirm() {
    setState("busy");
    try {
      const share = await apiFetch<MembershipJson>(
        `/api/share-links/${encodeURIComponent(token)}`,
        {
          method: "POST",
          idempotencyKey: key,
          json: action === "skip" ? {} : { swaps: [...box.swaps, { out: outId!, in: optionId! }] },
        },
      );
      if (share.nextBox) setBox(share.nextBox);
      setState("done");
    } catch (e) {
      setError(messageOf(e, "Something went wrong. Please try again."));
      setState("error");
    }
  }

  const status = (
    <p role="status" className="mb-3 text-sm font-medium text-ink empty:hidden">
      {state === "done"
        ? action === "skip"
          ? "This box is skipped: nothing will be placed or charged for it."
          : `Saved: your box now holds ${box.items.map(lineText).join(", ")}.`
        : state === "error"
          ? error
          : ""}
    </p>
  );

  if (action === "skip")
    return (
      <div className="mt-6 grid gap-3">
        <div>
          <h2 className="text-sm font-semibold text-ink">In this box</h2>
          <ul className="mt-1 grid gap-1 text-sm text-ink">
            {box.items.map((i) => (
              <li key={i.productId}>{lineText(i)}</li>
            ))}
          </ul>
        </div>
        {state !== "done" ? (
          <p className="text-sm text-muted">
            You will not get this box
            {credited !== null ? `, and ${formatCurrency(credited)} goes back to your wallet` : ""}.
            Skips left this season: {skipsLeft}.
          </p>
        ) : null}
        {status}
        {state !== "done" ? (
          <Button onClick={confirm} disabled={state === "busy"} className="w-full">
            {state === "busy" ? "Skipping…" : "Skip this box"}
          </Button>
        ) : null}
      </div>
    );

  return (
    <div className="mt-6 grid gap-3">
      <div>
        <h2 className="text-sm font-semibold text-ink">In this box</h2>
        <ul className="mt-1 grid gap-1 text-sm text-ink">
          {box.items.map((i) => (
            <li key={i.productId}>
              {lineText(i)} ({formatCurrency(i.value)})
            </li>
          ))}
        </ul>
      </div>
      {options.length === 0 || !out || !option ? (
        <p className="text-sm text-muted">No swap option is left for this box.</p>
      ) : state !== "done" ? (
        <>
          <label className="grid gap-1 text-sm font-medium text-ink">
            Swap in
            <select
              className="h-11 rounded-lg border border-gray-300 bg-white px-3"
              value={optionId}
              onChange={(e) => setOptionId(Number(e.target.value))}
            >
              {options.map((o) => (
                <option key={o.productId} value={o.productId}>
                  {lineText(o)} ({formatCurrency(o.value)})
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium text-ink">
            Instead of
            <select
              className="h-11 rounded-lg border border-gray-300 bg-white px-3"
              value={outId}
              onChange={(e) => setOutId(Number(e.target.value))}
            >
              {box.items.map((i) => (
                <option key={i.productId} value={i.productId}>
                  {lineText(i)}
                </option>
              ))}
            </select>
          </label>
          <p className="text-sm text-muted">
            {option.name} instead of {out.name}
            {option.value > out.value
              ? `: ${formatCurrency(option.value - out.value)} more, charged with the box.`
              : ": no extra charge."}
          </p>
        </>
      ) : null}
      {status}
      {state !== "done" && option && out ? (
        <Button onClick={confirm} disabled={state === "busy"} className="w-full">
          {state === "busy" ? "Saving…" : "Confirm swap"}
        </Button>
      ) : null}
    </div>
  );
}
