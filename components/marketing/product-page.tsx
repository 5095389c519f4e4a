import Link from "next/link";
import type { ReactNode } from "react";
import { PageHero, Section, ctaSecondaryClass } from "./page-shell";

type ProductCopy = {
  hero: { eyebrow: string; title: string; lead: string };
  tools: { title: string; text: string }[];
};

/**
 * A /products page (farmers or restaurants): the hero with its call to action and a pricing link,
 * the tools included, and a closing paragraph (`children`) pointing to further reading.
 */
export function ProductPage({
  copy,
  cta,
  children,
}: {
  copy: ProductCopy;
  cta: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero {...copy.hero}>
        {cta}
        <Link href="/pricing" className={ctaSecondaryClass}>
          See pricing
        </Link>
      </PageHero>
      <Section title="What's included" id="tools">
        <dl className="grid gap-6 md:grid-cols-2">
          {copy.tools.map((t) => (
            <div key={t.title} className="rounded-2xl border border-gray-200 bg-white p-6">
              <dt className="text-lg font-semibold text-ink">{t.title}</dt>
              <dd className="mt-2 text-muted">{t.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-muted">{children}</p>
      </Section>
    </>
  );
}
