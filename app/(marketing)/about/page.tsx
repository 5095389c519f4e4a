import {
  Card,
  CardGrid,
  ContentPage,
  CtaLink,
  Prose,
  Section,
} from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/about.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/about");

export default function AboutPage() {
  return (
    <ContentPage hero={copy.hero} sections={<TeamSection />}>
      <Prose>
        <p>
          The Okanagan grows some of the best fruit and vegetables in Canada, yet most of it leaves
          the valley through wholesale channels. Local restaurants and households end up buying it
          back days later, after it has crossed the mountains twice. Farmers receive a fraction of
          the final price, and the people cooking rarely know who grew their food.
        </p>
        <p>
          Fieldfare is a marketplace that shortens that chain. Farms list what they are harvesting
          and set their own prices. Shoppers and restaurants order from several farms in one basket.
          Our refrigerated vans collect on fixed valley routes and deliver the next morning.
          Everyone can message everyone: a chef can ask a grower about next week&apos;s tomatoes,
          and a farmer can see which kitchens cook with their carrots.
        </p>
        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Growers set prices.</strong> We show our commission before a farm publishes, and
            it never changes mid-season.
          </li>
          <li>
            <strong>Freshness is measurable.</strong> Every order records when it was picked,
            collected and delivered.
          </li>
          <li>
            <strong>Local means local.</strong> Every farm on Fieldfare is within 80 km of downtown
            Kelowna.
          </li>
        </ul>
      </Prose>
    </ContentPage>
  );
}

function TeamSection() {
  return (
    <Section title="The team" id="team">
      <CardGrid>
        {copy.team.map((t) => (
          <Card key={t.name} title={t.name}>
            <p className="font-medium text-brand-800">{t.role}</p>
            <p className="mt-2">{t.bio}</p>
          </Card>
        ))}
      </CardGrid>
      <div className="mt-10">
        <CtaLink href="/contact">Get in touch</CtaLink>
      </div>
    </Section>
  );
}
