"use client";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A column of cards, one list item each (customers, statements, standing orders). */
export function CardList<T extends { id: number }>({
  items,
  testId,
  children,
}: {
  items: readonly T[];
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-4" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/**
 * A card in such a list: its title (`h2` on a page, `h3` inside a panel; `id` labels the card),
 * a line under it, a badge on the right, then the rest.
 */
export function SummaryCard({
  id,
  testId,
  heading: Heading,
  title,
  meta,
  badge,
  children,
}: {
  id: string;
  testId: string;
  heading: "h2" | "h3";
  title: ReactNode;
  meta: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={id}
      data-testid={testId}
      className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={id} className="font-semibold text-ink">
            {title}
          </Heading>
          <p className="text-sm text-muted">{meta}</p>
        </div>
        {badge}
      </header>
      {children}
    </article>
  );
}

/** The card in place of an empty list: an icon, what is missing, how to get some, and a way there. */
export function EmptyCard({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  /** How to get some: one paragraph. */
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="grid justify-items-center gap-3 rounded-3xl border border-gray-200 p-8 text-center">
      <Icon aria-hidden className="h-10 w-10 text-brand-700" />
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="text-muted">{children}</p>
      {action}
    </section>
  );
}
