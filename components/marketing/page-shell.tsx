import Link from "next/link";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The top of every content page: one h1, a lead paragraph and an optional eyebrow. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-ink md:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">{lead}</p>
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

/**
 * The usual content page: the hero, then the page's body (`children`) in one untitled section,
 * then any titled `sections` that follow it.
 */
export function ContentPage({
  hero,
  children,
  sections,
}: {
  hero: { eyebrow?: string; title: string; lead: string };
  children: ReactNode;
  sections?: ReactNode;
}) {
  return (
    <>
      <PageHero {...hero} />
      <Section>{children}</Section>
      {sections}
    </>
  );
}

export function Section({
  title,
  children,
  className,
  id,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      className={cn("mx-auto max-w-6xl px-4 py-12 sm:px-6", className)}
      aria-labelledby={title && id ? `${id}-title` : undefined}
    >
      {title ? (
        <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold text-ink md:text-3xl">
          {title}
        </h2>
      ) : null}
      <div className={title ? "mt-6" : undefined}>{children}</div>
    </section>
  );
}

/** Long-form text (legal pages, blog posts) with readable defaults. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 text-base leading-7 text-ink [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2">
      {children}
    </div>
  );
}

export function CardGrid({ children, cols = 3 }: { children: ReactNode; cols?: 2 | 3 | 4 }) {
  return (
    <div
      className={cn(
        "grid gap-6",
        cols === 2 && "md:grid-cols-2",
        cols === 3 && "md:grid-cols-3",
        cols === 4 && "sm:grid-cols-2 lg:grid-cols-4",
      )}
    >
      {children}
    </div>
  );
}

/** A grid of cards with an icon each: `icons` holds the lucide icons the cards' `icon` fields name. */
export function IconCardGrid({
  cards,
  icons,
}: {
  cards: { title: string; icon: string; text: string }[];
  icons: Record<string, LucideIcon>;
}) {
  return (
    <CardGrid>
      {cards.map(({ title, text, icon }) => {
        const Icon = icons[icon];
        return (
          <Card key={title} title={title} icon={<Icon aria-hidden className="h-6 w-6" />}>
            {text}
          </Card>
        );
      })}
    </CardGrid>
  );
}

export function Card({
  title,
  children,
  icon,
}: {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      {icon ? (
        <div className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
          {icon}
        </div>
      ) : null}
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <div className="mt-2 text-sm leading-6 text-muted">{children}</div>
    </div>
  );
}

const ctaClass =
  "inline-flex h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800";
const ctaSecondaryClass =
  "inline-flex h-12 items-center rounded-lg border border-brand-200 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50";

/** A call-to-action link as large as the hero's buttons: filled, or outlined when `secondary`. */
export function CtaLink({
  href,
  secondary,
  children,
}: {
  href: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={secondary ? ctaSecondaryClass : ctaClass}>
      {children}
    </Link>
  );
}
