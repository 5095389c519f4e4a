import Link from "next/link";
import { CheckList } from "@/components/marketing/check-list";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { PageHero, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/pricing");

const tiers = [
  {
    name: "Household",
    audience: "For shoppers",
    price: "Free",
    unit: "to join",
    summary:
      "Buy from local farms with a prepaid wallet. Each farm sets its delivery fee: $6.00 in Kelowna, free over $60.",
    features: [
      "Order from many farms in one basket",
      "Next-morning chilled delivery in Kelowna",
      "Message farms directly",
      "Top up your wallet in any amount up to $10,000",
    ],
    cta: { kind: "link" as const, href: "/auth?tab=register", label: "Create an account" },
  },
  {
    name: "Kitchen",
    audience: "For restaurants",
    price: "$49",
    unit: "per month",
    summary: "Everything a restaurant needs to source locally every week. First month free.",
    features: [
      "Standing weekly orders, adjustable until each farm's cutoff",
      "Pay on account, with restaurant prices by the case",
      "One monthly statement per farm",
      "Priority access to limited harvests",
    ],
    cta: { kind: "demo" as const, label: "Book a Demo" },
    highlight: true,
  },
  {
    name: "Grower",
    audience: "For farms",
    price: "8%",
    unit: "per sale",
    summary:
      "No monthly fee. You set your prices; we take 8% of each completed sale, shown before you publish.",
    features: [
      "Unlimited product listings",
      "Weekly payouts by direct deposit",
      "Scheduled pickups on valley routes",
      "Sales and demand reports",
    ],
    cta: { kind: "waitlist" as const, label: "Join the Waitlist" },
  },
];

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, published pricing"
        lead="No setup fees, no long contracts. Prices are in US dollars before applicable taxes; restaurants can cancel at the end of any month."
      />
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {tiers.map((t) => (
            <div
              key={t.name}
              className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${t.highlight ? "border-brand-600 ring-2 ring-brand-600" : "border-gray-200"}`}
            >
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {t.audience}
              </p>
              <h2 className="mt-1 text-2xl font-bold text-ink">{t.name}</h2>
              <p className="mt-4">
                <span className="text-4xl font-extrabold text-ink">{t.price}</span>{" "}
                <span className="text-muted">{t.unit}</span>
              </p>
              <p className="mt-3 text-sm text-muted">{t.summary}</p>
              <CheckList points={t.features} className="mt-6 grid flex-1 gap-2 text-sm" />
              <div className="mt-6">
                {t.cta.kind === "link" ? (
                  <Link
                    href={t.cta.href}
                    className="inline-flex h-11 w-full items-center justify-center rounded-lg border border-brand-200 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    {t.cta.label}
                  </Link>
                ) : (
                  <OpenDialogButton
                    kind={t.cta.kind}
                    className="w-full"
                    variant={t.highlight ? "primary" : "secondary"}
                  >
                    {t.cta.label}
                  </OpenDialogButton>
                )}
              </div>
            </div>
          ))}
        </div>
        <p className="mt-8 text-sm text-muted">
          Questions about pricing for distributors or larger volumes?{" "}
          <Link href="/contact" className="font-medium text-brand-700 underline">
            Contact us
          </Link>{" "}
          or read the{" "}
          <Link href="/faq" className="font-medium text-brand-700 underline">
            FAQ
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
