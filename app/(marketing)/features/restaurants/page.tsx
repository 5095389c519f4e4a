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
  Card,
  CardGrid,
  PageHero,
  Section,
  ctaSecondaryClass,
} from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/restaurants");

const features = [
  {
    title: "One basket, many farms",
    icon: ShoppingBasket,
    text: "Add greens from one farm, eggs from another and cider from a third. Checkout splits the basket into one order per farm for you.",
  },
  {
    title: "Standing orders",
    icon: CalendarSync,
    text: "Repeat the same order every week and adjust quantities until Tuesday noon, before farms plan Wednesday picking.",
  },
  {
    title: "Cold chain to your door",
    icon: Snowflake,
    text: "Produce travels in refrigerated vans and arrives the morning after picking, logged at every handover.",
  },
  {
    title: "Prepaid wallet",
    icon: Wallet,
    text: "Top up once, pay every order from the wallet, and get refunds straight back to it if you cancel an active order.",
  },
  {
    title: "Chat with growers",
    icon: MessageCircle,
    text: "Ask about varieties, reserve limited harvests and plan menus with the people who grow your ingredients.",
  },
  {
    title: "Clean paperwork",
    icon: FileText,
    text: "Every order, top-up and refund appears in one transaction history, ready for your bookkeeper.",
  },
];

export default function RestaurantFeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features · Restaurants"
        title="Local produce without the phone calls"
        lead="Source from a dozen Okanagan farms with one login, one basket and one delivery window — and know the grower behind every plate."
      >
        <OpenDialogButton kind="demo" size="lg">
          Book a Demo
        </OpenDialogButton>
        <Link href="/products/restaurants" className={ctaSecondaryClass}>
          See the buyer tools
        </Link>
      </PageHero>
      <Section title="Everything a busy kitchen needs" id="restaurant-features">
        <CardGrid>
          {features.map(({ title, text, icon: Icon }) => (
            <Card key={title} title={title} icon={<Icon aria-hidden className="h-6 w-6" />}>
              {text}
            </Card>
          ))}
        </CardGrid>
      </Section>
    </>
  );
}
