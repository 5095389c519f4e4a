import Link from "next/link";
import {
  Card,
  CardGrid,
  PageHero,
  Prose,
  Section,
  ctaClass,
} from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/about");

const team = [
  {
    name: "Maya Lindqvist",
    role: "Co-founder, operations",
    bio: "Grew up on a cherry orchard in Lake Country and ran wholesale logistics for a Vancouver produce distributor for eight years.",
  },
  {
    name: "Daniel Okafor",
    role: "Co-founder, restaurants",
    bio: "Former sous-chef in Kelowna and Whistler kitchens; he spent too many mornings chasing late produce deliveries.",
  },
  {
    name: "Priya Raman",
    role: "Head of farmer success",
    bio: "Agronomist from UBC Okanagan who helps growers price, list and pack for direct sale.",
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="We help Okanagan food stay in the Okanagan"
        lead="Fieldfare started in Kelowna in 2025 with a simple question: why does so much of the valley's produce travel to Vancouver and back before it reaches a local plate?"
      />
      <Section>
        <Prose>
          <p>
            The Okanagan grows some of the best fruit and vegetables in Canada, yet most of it
            leaves the valley through wholesale channels. Local restaurants and households end up
            buying it back days later, after it has crossed the mountains twice. Farmers receive a
            fraction of the final price, and the people cooking rarely know who grew their food.
          </p>
          <p>
            Fieldfare is a marketplace that shortens that chain. Farms list what they are harvesting
            and set their own prices. Shoppers and restaurants order from several farms in one
            basket. Our refrigerated vans collect on fixed valley routes and deliver the next
            morning. Everyone can message everyone: a chef can ask a grower about next week&apos;s
            tomatoes, and a farmer can see which kitchens cook with their carrots.
          </p>
          <h2>What we believe</h2>
          <ul>
            <li>
              <strong>Growers set prices.</strong> We show our commission before a farm publishes,
              and it never changes mid-season.
            </li>
            <li>
              <strong>Freshness is measurable.</strong> Every order records when it was picked,
              collected and delivered.
            </li>
            <li>
              <strong>Local means local.</strong> Every farm on Fieldfare is within 80 km of
              downtown Kelowna.
            </li>
          </ul>
        </Prose>
      </Section>
      <Section title="The team" id="team">
        <CardGrid>
          {team.map((t) => (
            <Card key={t.name} title={t.name}>
              <p className="font-medium text-brand-800">{t.role}</p>
              <p className="mt-2">{t.bio}</p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-10">
          <Link href="/contact" className={ctaClass}>
            Get in touch
          </Link>
        </div>
      </Section>
    </>
  );
}
