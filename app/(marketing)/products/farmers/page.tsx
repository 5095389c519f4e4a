import Link from "next/link";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { PageHero, Section, ctaSecondaryClass } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/farmers");

const tools = [
  {
    title: "Listings",
    text: "Name, description, unit, price and a photo for each product, grouped by category. Hide a product for the off-season without losing it.",
  },
  {
    title: "Stock",
    text: "A live stock count per product. Checkout reserves stock atomically, so two buyers can never both get the last crate.",
  },
  {
    title: "Orders",
    text: "A pick list per pickup day with quantities per buyer, and a history of completed and cancelled orders.",
  },
  {
    title: "Messages",
    text: "One inbox for every buyer conversation, with photo attachments for showing this week's harvest.",
  },
  {
    title: "Payouts",
    text: "Weekly payouts for completed orders with a statement per order, minus the 8% commission shown when you listed.",
  },
];

export default function FarmerProductPage() {
  return (
    <>
      <PageHero
        eyebrow="Product"
        title="Fieldfare for Farmers"
        lead="The seller side of Fieldfare: simple tools to list your harvest, keep stock honest, pack the right orders and get paid."
      >
        <OpenDialogButton kind="waitlist" role="farmer" size="lg">
          Join as a Farmer
        </OpenDialogButton>
        <Link href="/pricing" className={ctaSecondaryClass}>
          See pricing
        </Link>
      </PageHero>
      <Section title="What's included" id="tools">
        <dl className="grid gap-6 md:grid-cols-2">
          {tools.map((t) => (
            <div key={t.title} className="rounded-2xl border border-gray-200 bg-white p-6">
              <dt className="text-lg font-semibold text-ink">{t.title}</dt>
              <dd className="mt-2 text-muted">{t.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-muted">
          Want the details first? Read{" "}
          <Link
            href="/blog/selling-direct-guide-for-small-farms"
            className="font-medium text-brand-700 underline"
          >
            our guide to selling direct
          </Link>{" "}
          or the{" "}
          <Link href="/features/farmers" className="font-medium text-brand-700 underline">
            farmer features
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
