import Link from "next/link";
import { ContentPage } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/faq.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/faq");

export default function FaqPage() {
  const ld = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: copy.faqs.map((f) => ({
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
      <ContentPage hero={copy.hero}>
        <div className="grid max-w-3xl gap-3">
          {copy.faqs.map((f) => (
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
      </ContentPage>
    </>
  );
}
