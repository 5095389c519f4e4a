import Link from "next/link";
import { BarChart3, CalendarClock, MessageCircle, Tag, Truck, Wallet } from "lucide-react";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import {
  Card,
  CardGrid,
  PageHero,
  Section,
  ctaSecondaryClass,
} from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/farmers");

const features = [
  {
    title: "Your prices, your listings",
    icon: Tag,
    text: "List any product with your own price and unit — per pound, per dozen, per case. Our 8% commission is shown before you publish.",
  },
  {
    title: "Honest stock",
    icon: BarChart3,
    text: "Set a stock count when you pick. Orders can never exceed it, and a product goes out of stock by itself when it sells out.",
  },
  {
    title: "Pickups on your schedule",
    icon: CalendarClock,
    text: "Choose pickup days on your valley route. Orders close the evening before, so you pick exactly what was sold.",
  },
  {
    title: "We do the driving",
    icon: Truck,
    text: "Refrigerated vans collect from your farm gate and deliver to every buyer. No more market stalls at 5 a.m. unless you want them.",
  },
  {
    title: "Talk to your buyers",
    icon: MessageCircle,
    text: "Chat with the restaurants and households who buy from you: answer questions, take standing orders, announce new harvests.",
  },
  {
    title: "Paid every week",
    icon: Wallet,
    text: "Completed sales are paid out every Friday by direct deposit with a statement per order. Cancelled orders never cost you a fee.",
  },
];

export default function FarmersFeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features · Farmers"
        title="Sell direct to the kitchens of the Okanagan"
        lead="Fieldfare gives small and mid-size farms the reach of a wholesaler without giving up the margin: you list, we collect, deliver and pay you weekly."
      >
        <OpenDialogButton kind="waitlist" role="farmer" size="lg">
          Join as a Farmer
        </OpenDialogButton>
        <Link href="/products/farmers" className={ctaSecondaryClass}>
          See the seller tools
        </Link>
      </PageHero>
      <Section title="Built for how farms work" id="farmer-features">
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
