import { OpenDialogButton } from "@/components/marketing/dialogs";
import { PageHero, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/success-stories");

const stories = [
  {
    name: "Sunrise Orchards, Lake Country",
    kind: "Farm",
    quote:
      "We used to sell 90% of our cherries to a packing house. This season a third went straight to Kelowna restaurants at almost twice the price.",
    by: "Elena Kovacs, owner",
    facts: [
      "Cherries, apricots and apples",
      "14 restaurant buyers",
      "Weekly pickups on Mondays and Thursdays",
    ],
  },
  {
    name: "The Lakeside Table, Kelowna",
    kind: "Restaurant",
    quote:
      "Standing orders changed our mornings. The produce comes in before prep, from six farms, on one invoice, and our waste bins are visibly emptier.",
    by: "Marco Bellini, chef-owner",
    facts: [
      "Sources from 6 farms",
      "Produce waste down about a third",
      "Menu lists every grower by name",
    ],
  },
  {
    name: "Green Valley Farm, East Kelowna",
    kind: "Farm",
    quote:
      "Chatting with the chefs is the best part. They tell us what they want to cook next spring, and we plant for it.",
    by: "Thomas Nguyen, grower",
    facts: [
      "Salad greens, herbs and heirloom tomatoes",
      "Plants to restaurant demand",
      "Paid every Friday",
    ],
  },
];

export default function SuccessStoriesPage() {
  return (
    <>
      <PageHero
        eyebrow="Success Stories"
        title="Farms and kitchens growing together"
        lead="From our pilot season around Kelowna: what changed for the growers and cooks who tried Fieldfare first."
      />
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {stories.map((s) => (
            <article
              key={s.name}
              className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {s.kind}
              </p>
              <h2 className="mt-1 text-xl font-semibold text-ink">{s.name}</h2>
              <figure className="mt-4 flex flex-1 flex-col">
                <blockquote className="flex-1 text-ink">&ldquo;{s.quote}&rdquo;</blockquote>
                <figcaption className="mt-4 text-sm font-medium text-muted">— {s.by}</figcaption>
              </figure>
              <ul className="mt-4 grid gap-1 border-t border-gray-200 pt-4 text-sm text-muted">
                {s.facts.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="mt-10">
          <OpenDialogButton kind="waitlist" size="lg">
            Join the Waitlist
          </OpenDialogButton>
        </div>
      </Section>
    </>
  );
}
