import type { Metadata } from "next";
import Link from "next/link";
import { BrandCard } from "@/components/auth/auth-card";
import { ShareLinkConfirm } from "@/components/shares/share-link-confirm";
import { signInPath } from "@/lib/auth/protected-paths";
import { formatDateTime, formatSlotDay } from "@/lib/format";
import { now } from "@/lib/server/platform/clock";
import { describeShareLink, SHARE_LINK_REFUSALS } from "@/lib/server/shares/links";

export const metadata: Metadata = { title: "Your farm share box", robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ in?: string | string[] }>;
};

/**
 * Where the share box email's signed links land (docs/shares.md, "The box email"): works signed
 * out, shows the box and what the link will do, and changes nothing until its button posts.
 * A link that does not open (altered, past the cutoff) says so and offers sign-in to /shares.
 */
export default async function ShareLinkPage({ params, searchParams }: Props) {
  const token = decodeURIComponent((await params).token);
  const described = await describeShareLink(token, await now());
  const toShares = (
    <Link
      href={signInPath("/shares")}
      className="font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      Sign in and open Farm shares
    </Link>
  );
  if (!described.ok) {
    const r = SHARE_LINK_REFUSALS[described.reason];
    return (
      <BrandCard>
        <h1 className="text-xl font-bold text-ink">{r.title}</h1>
        <p className="mt-2 text-sm text-muted">{r.text}</p>
        <p className="mt-6 text-sm">{toShares}</p>
      </BrandCard>
    );
  }
  const { link, share } = described;
  const box = share.nextBox!;
  const day = formatSlotDay(`${box.date}T00:00`);
  const swapIn = Number((await searchParams).in);
  return (
    <BrandCard>
      <h1 className="text-xl font-bold text-ink">
        {link.action === "skip" ? `Skip your box of ${day}` : `Choose swaps for your box of ${day}`}
      </h1>
      <p className="mt-2 text-sm text-muted">
        {share.plan.name} from {share.farm.farmName}. You can change it until{" "}
        {formatDateTime(box.cutoff)}.
      </p>
      <ShareLinkConfirm
        token={token}
        action={link.action}
        box={box}
        skipsLeft={share.skipsLeft}
        credited={share.payment === "season" ? share.plan.boxPrice : null}
        swapIn={Number.isSafeInteger(swapIn) ? swapIn : undefined}
      />
      <p className="mt-6 text-sm text-muted">
        Everything else about your share (pause, nevers, undo a skip) is on Farm shares: {toShares}.
      </p>
    </BrandCard>
  );
}
