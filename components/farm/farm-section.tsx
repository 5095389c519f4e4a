import type { ReactNode } from "react";

/**
 * A My Farm page's section, named by its h2 (id `${id}-title`): the heading, with a short intro
 * under it or an action beside it, then the content.
 */
export function FarmSection({
  id,
  title,
  intro,
  action,
  className,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-title`} className={className} data-testid={testId}>
      {intro ? (
        <div className="grid gap-1">
          {heading}
          {intro}
        </div>
      ) : action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
