import { Apple, Beef, Carrot, Egg, Wine, Soup } from "lucide-react";
import { CtaLink, IconCardGrid, PageHero, Section } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/marketplace.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/marketplace");

export default function MarketplacePage() {
  return (
    <>
      <PageHero {...copy.hero}>
        <CtaLink href="/home">Start shopping</CtaLink>
        <CtaLink href="/pricing" secondary>
          Delivery and pricing
        </CtaLink>
      </PageHero>
      <Section title="Six categories, one basket" id="categories">
        <IconCardGrid cards={copy.categories} icons={{ Apple, Beef, Carrot, Egg, Wine, Soup }} />
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
