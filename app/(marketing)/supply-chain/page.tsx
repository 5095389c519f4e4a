import { PageHero, Prose, Section } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/supply-chain.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/supply-chain");

export default function SupplyChainPage() {
  return (
    <>
      <PageHero {...copy.hero} />
      <Section>
        <ol className="relative grid gap-8 border-l-2 border-brand-200 pl-6">
          {copy.stages.map((s) => (
            <li key={s.title}>
              <p className="text-sm font-semibold text-brand-700">{s.time}</p>
              <h2 className="text-xl font-semibold text-ink">{s.title}</h2>
              <p className="mt-1 max-w-2xl text-muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Why it matters" id="why">
        <Prose>
          <p>
            Produce that spends less time in transit keeps longer in your kitchen. A tomato picked
            ripe and delivered the next morning needs no gassing; lettuce chilled from the field
            keeps a week instead of three days.
          </p>
          <p>
            Because every crate is logged at pickup and delivery, we can trace any item back to its
            farm, row and pick time. If something arrives below standard, we know where it went
            wrong and credit your wallet the same day.
          </p>
        </Prose>
      </Section>
    </>
  );
}
