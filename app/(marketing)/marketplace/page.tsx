import Link from "next/link";
import { Apple, Beef, Carrot, Egg, Wine, Soup } from "lucide-react";
import {
  Card,
  CardGrid,
  PageHero,
  Section,
  ctaClass,
  ctaSecondaryClass,
} from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/marketplace");

const categories = [
  {
    title: "Vegetables",
    icon: Carrot,
    text: "Salad greens, tomatoes, peppers, squash, potatoes and roots from valley-floor and hillside farms.",
  },
  {
    title: "Fruit",
    icon: Apple,
    text: "Cherries, apricots, peaches, plums, apples and pears — the Okanagan's signature crops.",
  },
  {
    title: "Eggs & dairy",
    icon: Egg,
    text: "Free-range eggs and small-batch cheese from family farms around Armstrong and Vernon.",
  },
  {
    title: "Meat",
    icon: Beef,
    text: "Pasture-raised beef, pork and chicken, butchered locally and sold by the cut or the box.",
  },
  {
    title: "Cider & wine",
    icon: Wine,
    text: "Craft cider and estate wine from producers who grow their own apples and grapes.",
  },
  {
    title: "Preserves",
    icon: Soup,
    text: "Jams, pickles, honey and sauces made from this season's surplus so nothing goes to waste.",
  },
];

export default function MarketplacePage() {
  return (
    <>
      <PageHero
        eyebrow="Marketplace"
        title="What the valley is harvesting this week"
        lead="The Fieldfare marketplace lists produce from farms within 80 km of Kelowna. Prices are set by each farm, stock is live, and every product names the farm it comes from."
      >
        <Link href="/home" className={ctaClass}>
          Start shopping
        </Link>
        <Link href="/pricing" className={ctaSecondaryClass}>
          Delivery and pricing
        </Link>
      </PageHero>
      <Section title="Six categories, one basket" id="categories">
        <CardGrid>
          {categories.map(({ title, text, icon: Icon }) => (
            <Card key={title} title={title} icon={<Icon aria-hidden className="h-6 w-6" />}>
              {text}
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section title="How ordering works" id="ordering">
        <ol className="grid max-w-3xl list-decimal gap-3 pl-5 text-muted">
          <li>Browse by category or search for a product or farm.</li>
          <li>
            Add items from as many farms as you like; each farm&apos;s stock is checked when you
            check out.
          </li>
          <li>Pay from your prepaid wallet. Your basket becomes one order per farm.</li>
          <li>
            Farms pick to order and your delivery arrives the next morning. Cancel any active order
            for a full refund to your wallet.
          </li>
        </ol>
      </Section>
    </>
  );
}
