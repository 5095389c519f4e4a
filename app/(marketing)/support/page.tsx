import Link from "next/link";
import { CreditCard, Mail, Package, Truck, UserRound, Sprout } from "lucide-react";
import { Card, CardGrid, PageHero, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";
import { site } from "@/lib/site";

export const metadata = pageMetadata("/support");

const topics = [
  {
    title: "Orders",
    icon: Package,
    text: "Active orders can be cancelled from the Orders page until the farm starts picking; the full amount returns to your wallet at once.",
  },
  {
    title: "Delivery",
    icon: Truck,
    text: "We deliver across Kelowna, West Kelowna and Lake Country the morning after you order. Not home? Leave instructions on your profile.",
  },
  {
    title: "Wallet & payments",
    icon: CreditCard,
    text: "Top up any amount from $0.01 to $10,000 at a time. Every top-up, order and refund appears in your transaction history.",
  },
  {
    title: "Your account",
    icon: UserRound,
    text: "Update your name, phone and address from your profile. Signing out of one device ends that session immediately.",
  },
  {
    title: "Selling on Fieldfare",
    icon: Sprout,
    text: "Farm accounts are created by invitation after a short call. Join the waitlist as a farmer and our farmer-success team will reach out.",
  },
  {
    title: "Anything else",
    icon: Mail,
    text: "Write to us from the contact page and a person will answer within one business day.",
  },
];

export default function SupportPage() {
  return (
    <>
      <PageHero
        eyebrow="Support"
        title="How can we help?"
        lead="Most answers are below or in the FAQ. If you are stuck, our Kelowna team replies to every message within one business day, Monday to Saturday."
      />
      <Section title="Help topics" id="topics">
        <CardGrid>
          {topics.map(({ title, text, icon: Icon }) => (
            <Card key={title} title={title} icon={<Icon aria-hidden className="h-6 w-6" />}>
              {text}
            </Card>
          ))}
        </CardGrid>
        <p className="mt-10 text-muted">
          Still need help? Read the{" "}
          <Link href="/faq" className="font-medium text-brand-700 underline">
            FAQ
          </Link>
          ,{" "}
          <Link href="/contact" className="font-medium text-brand-700 underline">
            send us a message
          </Link>
          , or email{" "}
          <a href={`mailto:${site.email}`} className="font-medium text-brand-700 underline">
            {site.email}
          </a>
          .
        </p>
      </Section>
    </>
  );
}
