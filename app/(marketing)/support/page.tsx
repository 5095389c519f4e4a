import Link from "next/link";
import { CreditCard, Mail, Package, Truck, UserRound, Sprout } from "lucide-react";
import { IconCardGrid, PageHero, Section } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/support.json";
import { pageMetadata } from "@/components/marketing/pages";
import { site } from "@/lib/site";

export const metadata = pageMetadata("/support");

export default function SupportPage() {
  return (
    <>
      <PageHero {...copy.hero} />
      <Section title="Help topics" id="topics">
        <IconCardGrid
          cards={copy.topics}
          icons={{ CreditCard, Mail, Package, Truck, UserRound, Sprout }}
        />
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
