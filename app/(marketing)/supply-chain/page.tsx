import { PageHero, Prose, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/supply-chain");

const stages = [
  {
    time: "Day 0, 8 p.m.",
    title: "Orders close",
    text: "Each farm receives its pick list for the next morning, with exact quantities per buyer.",
  },
  {
    time: "Day 1, 6–10 a.m.",
    title: "Picked to order",
    text: "Farms harvest only what sold, pack it in labelled crates and record the pick time.",
  },
  {
    time: "Day 1, 9 a.m.–2 p.m.",
    title: "Collected on the route",
    text: "Refrigerated vans follow a fixed valley loop. Drivers check temperature and count crates at every farm gate.",
  },
  {
    time: "Day 1, afternoon",
    title: "Sorted at our cross-dock",
    text: "A small chilled cross-dock in Kelowna sorts crates by delivery route. Nothing is stored overnight.",
  },
  {
    time: "Day 2, 6–11 a.m.",
    title: "Delivered",
    text: "Restaurants receive produce before prep starts; households in a two-hour window they choose.",
  },
];

export default function SupplyChainPage() {
  return (
    <>
      <PageHero
        eyebrow="Supply Chain"
        title="From field to kitchen in under 36 hours"
        lead="A short, chilled, recorded chain with no warehouse in the middle. Here is what happens to an order after you place it."
      />
      <Section>
        <ol className="relative grid gap-8 border-l-2 border-brand-200 pl-6">
          {stages.map((s) => (
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
