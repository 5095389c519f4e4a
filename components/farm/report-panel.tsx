import type { ReactNode } from "react";

/**
 * A bordered My Farm report: its heading, with what stands beside it (a total, a download link),
 * then the figures. The section is named by its heading for screen readers.
 */
export function ReportPanel({
  id,
  title,
  heading: Heading = "h3",
  aside,
  children,
}: {
  /** The heading's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  heading?: "h2" | "h3";
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-2xl border border-gray-200 p-4 md:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`${id}-title`} className="text-lg font-bold text-ink">
          {title}
        </Heading>
        {aside}
      </div>
      {children}
    </section>
  );
}
