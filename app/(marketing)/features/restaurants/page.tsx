import Link from "next/link";
import {
  CalendarSync,
  FileText,
  MessageCircle,
  ShoppingBasket,
  Snowflake,
  Wallet,
} from "lucide-react";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import {
  IconCardGrid,
  PageHero,
  Section,
  ctaSecondaryClass,
} from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/features-restaurants.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/restaurants");

export default function RestaurantFeaturesPage() {
  return (
    <>
      <PageHero {...copy.hero}>
        <OpenDialogButton kind="demo" size="lg">
          Book a Demo
        </OpenDialogButton>
        <Link href="/products/restaurants" className={ctaSecondaryClass}>
          See the buyer tools
        </Link>
      </PageHero>
      <Section title="Everything a busy kitchen needs" id="restaurant-features">
        <IconCardGrid
          cards={copy.features}
          icons={{ CalendarSync, FileText, MessageCircle, ShoppingBasket, Snowflake, Wallet }}
        />
      </Section>
    </>
  );
}
