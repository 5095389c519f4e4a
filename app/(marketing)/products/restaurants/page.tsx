import Link from "next/link";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { PageHero, Section, ctaSecondaryClass } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/restaurants");

const tools = [
  {
    title: "Multi-farm basket",
    text: "Search every farm's produce in one place and check out once; the basket is split into one order per farm automatically.",
  },
  {
    title: "Standing orders",
    text: "Repeat last week's order with one click and adjust quantities until Tuesday noon.",
  },
  {
    title: "Wallet",
    text: "A prepaid balance for the whole kitchen, with a full transaction history of top-ups, orders and refunds.",
  },
  {
    title: "Grower chat",
    text: "Message any farm, reserve limited harvests and get photos of what is ready to pick.",
  },
  {
    title: "Order tracking",
    text: "See every order as active, completed or cancelled, with the distance it travelled and what it cost.",
  },
];

export default function RestaurantProductPage() {
  return (
    <>
      <PageHero
        eyebrow="Product"
        title="Fieldfare for Restaurants"
        lead="The buyer side of Fieldfare: source from a dozen local farms with the convenience of a single supplier."
      >
        <OpenDialogButton kind="demo" size="lg">
          Book a Demo
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
          See how other kitchens use it in our{" "}
          <Link href="/success-stories" className="font-medium text-brand-700 underline">
            success stories
          </Link>{" "}
          and in{" "}
          <Link
            href="/blog/standing-orders-for-restaurants"
            className="font-medium text-brand-700 underline"
          >
            how standing orders cut waste
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
