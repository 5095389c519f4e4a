import type { ReactNode } from "react";
import {
  BarChart3,
  CalendarClock,
  CalendarSync,
  FileText,
  MessageCircle,
  ShoppingBasket,
  Snowflake,
  Tag,
  Truck,
  Wallet,
} from "lucide-react";
import { OpenDialogButton } from "./dialogs";
import { CtaLink, IconCardGrid, PageHero, Section } from "./page-shell";
import farmerFeatures from "./content/features-farmers.json";
import restaurantFeatures from "./content/features-restaurants.json";
import farmerProducts from "./content/products-farmers.json";
import restaurantProducts from "./content/products-restaurants.json";

/** The two audiences the site sells to; each has a /features and a /products page. */
export type Audience = "farmers" | "restaurants";

const featureCopy = { farmers: farmerFeatures, restaurants: restaurantFeatures };
const productCopy = { farmers: farmerProducts, restaurants: restaurantProducts };
const featureIcons = {
  farmers: { BarChart3, CalendarClock, MessageCircle, Tag, Truck, Wallet },
  restaurants: { CalendarSync, FileText, MessageCircle, ShoppingBasket, Snowflake, Wallet },
};

/** The call to action on both of an audience's pages: farmers join the waitlist, restaurants book a demo. */
function AudienceCta({ audience }: { audience: Audience }) {
  return audience === "farmers" ? (
    <OpenDialogButton kind="waitlist" role="farmer" size="lg">
      Join as a Farmer
    </OpenDialogButton>
  ) : (
    <OpenDialogButton kind="demo" size="lg">
      Book a Demo
    </OpenDialogButton>
  );
}

/**
 * A /features page: the hero with the call to action and a link to the audience's /products page,
 * then the features as icon cards.
 */
export function FeaturesPage({ audience }: { audience: Audience }) {
  const copy = featureCopy[audience];
  return (
    <>
      <PageHero {...copy.hero}>
        <AudienceCta audience={audience} />
        <CtaLink href={`/products/${audience}`} secondary>
          {copy.productsLink}
        </CtaLink>
      </PageHero>
      <Section {...copy.section}>
        <IconCardGrid cards={copy.features} icons={featureIcons[audience]} />
      </Section>
    </>
  );
}

/**
 * A /products page: the hero with the call to action and a pricing link, the tools included, and
 * a closing paragraph (`children`) pointing to further reading.
 */
export function ProductPage({ audience, children }: { audience: Audience; children: ReactNode }) {
  const copy = productCopy[audience];
  return (
    <>
      <PageHero {...copy.hero}>
        <AudienceCta audience={audience} />
        <CtaLink href="/pricing" secondary>
          See pricing
        </CtaLink>
      </PageHero>
      <Section title="What's included" id="tools">
        <dl className="grid gap-6 md:grid-cols-2">
          {copy.tools.map((t) => (
            <div key={t.title} className="rounded-2xl border border-gray-200 bg-white p-6">
              <dt className="text-lg font-semibold text-ink">{t.title}</dt>
              <dd className="mt-2 text-muted">{t.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-muted">{children}</p>
      </Section>
    </>
  );
}
