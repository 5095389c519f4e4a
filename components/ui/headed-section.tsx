import type { ReactNode } from "react";

/**
 * A section named by its h2 (`titleId`): the heading, with a short intro under it and an action
 * (or figures) beside it, either or both, then the content. My Farm, the ops console and the
 * reports each size the heading.
 */
export function HeadedSection({
  titleId,
  title,
  titleClassName,
  intro,
  action,
  className,
  testId,
  children,
}: {
  titleId: string;
  title: ReactNode;
  titleClassName: string;
  intro?: ReactNode;
  action?: ReactNode;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className={className} data-testid={testId}>
      {intro && action ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            {heading}
            {intro}
          </div>
          {action}
        </div>
      ) : intro ? (
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
