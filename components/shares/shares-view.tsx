"use client";
import Link from "next/link";
import { useState } from "react";
import { Package } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateTime } from "@/components/ui/date-time";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadStates } from "@/components/ui/load-states";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { CardList, EmptyCard, SummaryCard } from "@/components/account/card-list";
import { RestaurantPage } from "@/components/account/restaurant-page";
import { apiFetch, newIdempotencyKey } from "@/lib/client/api";
import { useMyShares } from "@/lib/client/resources";
import { formatCurrency, formatSlotDay } from "@/lib/format";
import type { MembershipJson } from "@/lib/contracts/shares";

const STATUS = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;

/** /shares: the signed-in member's farm shares, each with its next box and its controls. */
export function SharesPage() {
  const shares = useMyShares();
  const replace = (next: MembershipJson) =>
    shares.mutate(
      (list) =>
        (list ?? []).flatMap((s) =>
          s.id !== next.id ? [s] : next.status === "cancelled" ? [] : [next],
        ),
      { revalidate: false },
    );
  return (
    <RestaurantPage
      title="Farm shares"
      intro="A box from a farm every week or two. Swap, skip or pause before each box's cutoff."
    >
      <LoadStates
        read={shares}
        failed="Failed to load your farm shares"
        loading="Loading farm shares..."
        empty={
          <EmptyCard
            icon={Package}
            title="No farm shares yet"
            action={
              <Button asChild variant="outline">
                <Link href="/home">Find a farm</Link>
              </Button>
            }
          >
            Farms that offer a share list it on their page: join one to get a box of what is best
            each week.
          </EmptyCard>
        }
      >
        {(list) => (
          <CardList items={list} testId="share-list">
            {(s) => <ShareCard share={s} onChanged={replace} />}
          </CardList>
        )}
      </LoadStates>
    </RestaurantPage>
  );
}

/** Runs one change of a share and shows what became of it. */
function useShareAction(share: MembershipJson, onChanged: (s: MembershipJson) => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (
    name: string,
    done: string,
    path: string,
    init: Parameters<typeof apiFetch>[1],
  ) => {
    setBusy(name);
    try {
      onChanged(await apiFetch<MembershipJson>(path, init));
      toast({ title: done });
      return true;
    } catch (error) {
      toastFailure(`Could not ${name}`, error);
      return false;
    } finally {
      setBusy(null);
    }
  };
  const base = `/api/me/shares/${share.id}`;
  return { busy, run, base };
}

function ShareCard({
  share,
  onChanged,
}: {
  share: MembershipJson;
  onChanged: (s: MembershipJson) => void;
}) {
  const { busy, run, base } = useShareAction(share, onChanged);
  const [until, setUntil] = useState("");
  const [confirming, setConfirming] = useState(false);
  const box = share.nextBox;
  const titleId = `share-${share.id}`;
  return (
    <SummaryCard
      id={titleId}
      testId={`share-${share.id}`}
      heading="h2"
      title={`${share.plan.name} · ${share.farm.farmName}`}
      meta={`${formatCurrency(share.plan.boxPrice)} a box, every ${share.plan.everyWeeks === 1 ? "week" : "second week"} · ${share.skipsLeft} skips left${share.prepaid ? ` · prepaid ${formatCurrency(share.prepaid.balance)} for ${share.prepaid.boxesLeft} boxes` : ""}`}
      badge={
        <Badge variant={share.status === "active" ? "secondary" : "warning"}>
          {STATUS[share.status]}
          {share.pausedUntil ? ` until ${formatSlotDay(`${share.pausedUntil}T00:00`)}` : ""}
        </Badge>
      }
    >
      {box ? (
        <section aria-label="Next box" className="grid gap-2">
          <p className="text-sm text-ink">
            Next box: <strong>{formatSlotDay(`${box.date}T00:00`)}</strong>
            {box.skipped ? " (skipped)" : ""} · change it until{" "}
            <DateTime value={box.cutoff} format="dateTime" />
          </p>
          {box.published ? (
            <BoxContents share={share} onChanged={onChanged} />
          ) : (
            <p className="text-sm text-muted">
              The farm publishes what is in it before the cutoff; you will get an email.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {box.skipped ? (
              <Button
                variant="outline"
                disabled={busy !== null}
                onClick={() =>
                  run("undo the skip", "The box comes after all", `${base}/skip?date=${box.date}`, {
                    method: "DELETE",
                    idempotencyKey: newIdempotencyKey(),
                  })
                }
              >
                Undo skip
              </Button>
            ) : (
              <Button
                variant="outline"
                disabled={busy !== null || share.skipsLeft === 0}
                onClick={() =>
                  run("skip the box", "Box skipped", `${base}/skip`, {
                    method: "POST",
                    json: { date: box.date },
                    idempotencyKey: newIdempotencyKey(),
                  })
                }
              >
                Skip this box
              </Button>
            )}
          </div>
        </section>
      ) : (
        <p className="text-sm text-muted">No box is left this season.</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {share.status === "paused" ? (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => run("resume", "Share resumed", `${base}/resume`, { method: "POST" })}
          >
            Resume
          </Button>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void run("pause", "Share paused", `${base}/pause`, {
                method: "POST",
                json: { until },
              });
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor={`pause-${share.id}`}>Pause until</Label>
              <Input
                id={`pause-${share.id}`}
                type="date"
                value={until}
                required
                onChange={(e) => setUntil(e.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={busy !== null}>
              Pause
            </Button>
          </form>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={<Button variant="ghost">Cancel share</Button>}
          title="Cancel this farm share?"
          description={
            share.prepaid && share.prepaid.balance > 0
              ? `The ${formatCurrency(share.prepaid.balance)} left for unplaced boxes goes back to your wallet.`
              : "No more boxes will be placed for you."
          }
          keepLabel="Keep my share"
          confirmLabel="Cancel share"
          busyLabel="Cancelling..."
          busy={busy === "cancel"}
          confirmTestId="confirm-cancel-share"
          onConfirm={async () => {
            if (
              await run("cancel", "Share cancelled", base, {
                method: "DELETE",
                idempotencyKey: newIdempotencyKey(),
              })
            )
              setConfirming(false);
          }}
        />
      </div>
    </SummaryCard>
  );
}

/** The box's items, each with its swap choice (a dearer option's difference shown before saving). */
function BoxContents({
  share,
  onChanged,
}: {
  share: MembershipJson;
  onChanged: (s: MembershipJson) => void;
}) {
  const box = share.nextBox!;
  const { busy, run, base } = useShareAction(share, onChanged);
  const replacedBy = new Map(box.replaced.map((r) => [r.in, r.out]));
  const swapOut = (productId: number) => box.swaps.find((s) => s.in === productId)?.out;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-1 text-sm">
        {box.items.map((i) => (
          <li key={i.productId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {i.name} × {i.quantity} {i.unit}
              {replacedBy.has(i.productId) ? " (instead of an item you never want)" : ""}
              {swapOut(i.productId) !== undefined ? " (your swap)" : ""}
            </span>
            <span className="flex items-center gap-2">
              <span className="text-muted">{formatCurrency(i.value)}</span>
              {box.skipped ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  aria-label={`Never send me ${i.name}`}
                  onClick={() =>
                    run("save", `We won't send you ${i.name} again`, `${base}/never`, {
                      method: "PUT",
                      json: { productIds: [...box.never, i.productId] },
                    })
                  }
                >
                  Never
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {box.neverItems.length ? (
        <div className="grid gap-1 text-sm" data-testid="never-items">
          <p className="font-medium text-ink">Never sent to you</p>
          <ul className="flex flex-wrap gap-2">
            {box.neverItems.map((n) => (
              <li key={n.productId} className="flex items-center gap-1">
                <span>{n.name}</span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  aria-label={`Send again: ${n.name}`}
                  onClick={() =>
                    run("save", `${n.name} can be in your box again`, `${base}/never`, {
                      method: "PUT",
                      json: { productIds: box.never.filter((id) => id !== n.productId) },
                    })
                  }
                >
                  Send again
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {box.swapOptions.length > 0 && !box.skipped ? (
        <div className="grid gap-1 text-sm">
          <p className="font-medium text-ink">Swap options</p>
          <ul className="grid gap-1">
            {box.swapOptions
              .filter((o) => !box.items.some((i) => i.productId === o.productId))
              .map((o) => (
                <li key={o.productId} className="flex flex-wrap items-center gap-2">
                  <span>
                    {o.name} × {o.quantity} {o.unit} ({formatCurrency(o.value)})
                  </span>
                  {box.items.map((i) => {
                    const extra = Math.max(0, o.value - i.value);
                    return (
                      <Button
                        key={i.productId}
                        size="sm"
                        variant="outline"
                        disabled={busy !== null}
                        onClick={() =>
                          run("swap", "Box changed", `${base}/boxes/${box.date}`, {
                            method: "PUT",
                            json: { swaps: [...box.swaps, { out: i.productId, in: o.productId }] },
                          })
                        }
                      >
                        Instead of {i.name}
                        {extra > 0 ? ` (+${formatCurrency(extra)})` : ""}
                      </Button>
                    );
                  })}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-ink">
        This box: <strong>{formatCurrency(box.price)}</strong>
        {box.extra > 0 ? ` (${formatCurrency(box.extra)} for dearer swaps)` : ""}
      </p>
    </div>
  );
}
