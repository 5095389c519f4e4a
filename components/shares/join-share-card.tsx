"use client";
import { useAuth } from "@/components/auth/auth-provider";
import { IntentLink } from "@/components/ui/intent-link";
import { useNearViewport } from "@/lib/client/use-near-viewport";
import { useOpenShares } from "@/lib/client/resources";
import { formatCurrency } from "@/lib/format";

/**
 * Home's "Join a farm share": up to 3 open plans near the shopper that they have not joined, each
 * to its farm's shares. Fetched once near the viewport, like the sections below the first; nothing
 * at all for farmers, while loading, on a failure (it is an offer, not content) or when empty.
 */
export function JoinShareCard() {
  const { user } = useAuth();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const buyer = !!user && user.userType !== "farmer";
  const { data } = useOpenShares(buyer && near);
  if (!buyer) return null;
  return (
    <div ref={ref}>
      {data?.length ? (
        <section
          aria-labelledby="join-share-title"
          data-testid="section-join-share"
          className="grid gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4"
        >
          <div>
            <h2 id="join-share-title" className="text-xl font-bold text-ink">
              Join a farm share
            </h2>
            <p className="text-sm text-muted">
              A box from a farm every week or two. Swap or skip before each box&rsquo;s cutoff.
            </p>
          </div>
          <ul className="grid gap-2 sm:grid-cols-3">
            {data.map((plan) => (
              <li key={plan.id}>
                <IntentLink
                  href={`/farms/${plan.farm.id}#farm-shares`}
                  className="grid h-full gap-0.5 rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-gray-200 hover:ring-brand-300"
                >
                  <span className="font-semibold text-ink">{plan.name}</span>
                  <span className="text-ink">{plan.farm.farmName}</span>
                  <span className="text-muted">
                    {formatCurrency(plan.boxPrice)} a box, every{" "}
                    {plan.everyWeeks === 1 ? "week" : "second week"} · {plan.spotsLeft}{" "}
                    {plan.spotsLeft === 1 ? "spot" : "spots"} left
                  </span>
                </IntentLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
