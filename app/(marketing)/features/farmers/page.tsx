import Link from "next/link";
import { BarChart3, CalendarClock, MessageCircle, Tag, Truck, Wallet } from "lucide-react";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import {
  IconCardGrid,
  PageHero,
  Section,
  ctaSecondaryClass,
} from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/features-farmers.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/farmers");

export default function FarmersFeaturesPage() {
  return (
    <>
      <PageHero {...copy.hero}>
        <OpenDialogButton kind="waitlist" role="farmer" size="lg">
          Join as a Farmer
        </OpenDialogButton>
        <Link href="/products/farmers" className={ctaSecondaryClass}>
          See the seller tools
        </Link>
      </PageHero>
      <Section title="Built for how farms work" id="farmer-features">
        <IconCardGrid
          cards={copy.features}
          icons={{ BarChart3, CalendarClock, MessageCircle, Tag, Truck, Wallet }}
        />
      </Section>
    </>
  );
}
