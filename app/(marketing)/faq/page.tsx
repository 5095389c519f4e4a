import Link from "next/link";
import { PageHero, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/faq");

const faqs: { q: string; a: string }[] = [
  {
    q: "Where do you deliver?",
    a: "Kelowna, West Kelowna and Lake Country, with Vernon and Penticton planned for next season. Join the waitlist and we will tell you when we reach your area.",
  },
  {
    q: "How fresh is the produce?",
    a: "Farms pick to order the morning after orders close, and we deliver the next morning — under 36 hours from field to door.",
  },
  {
    q: "How do I pay?",
    a: "With your Fieldfare wallet. Top up by any amount up to $10,000 at a time; orders are paid from the balance, so you never share card details with a farm.",
  },
  {
    q: "Can I cancel an order?",
    a: "Yes. Any active order can be cancelled from the Orders page and the full amount goes back to your wallet immediately.",
  },
  {
    q: "Why is my basket split into several orders?",
    a: "Each farm packs and is paid for its own items, so checkout creates one order per farm. They still arrive together in one delivery.",
  },
  {
    q: "What does it cost for restaurants?",
    a: "The Kitchen plan is $49 a month with the first month free, including standing orders and free delivery over $150. See the pricing page for details.",
  },
  {
    q: "How do farms join?",
    a: "Farm accounts are created by invitation. Join the waitlist as a Farmer/Producer; our farmer-success team will call to set up your listings and pickup days.",
  },
  {
    q: "What does Fieldfare charge farms?",
    a: "8% of each completed sale, with no monthly fee. Cancelled orders cost the farm nothing.",
  },
  {
    q: "Is there an API?",
    a: "Yes — our HTTP API is documented as OpenAPI 3.1 on the API Docs page.",
  },
];

export default function FaqPage() {
  const ld = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.q,
      acceptedAnswer: { "@type": "Answer", text: f.a },
    })),
  };
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(ld).replace(/</g, "\\u003c") }}
      />
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Quick answers about ordering, delivery, payments and selling on Fieldfare."
      />
      <Section>
        <div className="grid max-w-3xl gap-3">
          {faqs.map((f) => (
            <details
              key={f.q}
              className="group rounded-xl border border-gray-200 bg-white p-5 open:bg-brand-50/50"
            >
              <summary className="cursor-pointer list-none text-lg font-semibold text-ink marker:hidden">
                <h2 className="inline">{f.q}</h2>
              </summary>
              <p className="mt-3 text-muted">{f.a}</p>
            </details>
          ))}
        </div>
        <p className="mt-10 text-muted">
          Didn&apos;t find your answer?{" "}
          <Link href="/contact" className="font-medium text-brand-700 underline">
            Contact us
          </Link>{" "}
          or visit{" "}
          <Link href="/support" className="font-medium text-brand-700 underline">
            Support
          </Link>
          . Developers can read the{" "}
          <Link href="/api-docs" className="font-medium text-brand-700 underline">
            API docs
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
