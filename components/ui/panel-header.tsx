import type { ReactNode } from "react";

/**
 * A My Farm panel: a section named by its heading row (the title, with `intro` beneath it saying
 * what the panel shows, and on the right its figures or its action), then the content.
 */
export function PanelSection({
  id,
  title,
  intro,
  aside,
  className,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  intro: ReactNode;
  aside?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-bold text-ink">
            {title}
          </h2>
          {intro}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
