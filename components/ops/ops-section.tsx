import type { ReactNode } from "react";

/** A section of the ops console: its heading (`id` labels the section) and what it holds. */
export function OpsSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
