import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";

/**
 * Shown instead of an area to an account it is not for (the API answers them 403): an icon, the
 * page's h1, a paragraph on who the area is for, and where to go instead.
 */
export function AccessNotice({
  id,
  icon: Icon,
  title,
  children,
  actions,
}: {
  /** The heading's id, which names the section. */
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto grid max-w-lg justify-items-center gap-4 rounded-3xl border border-gray-200 p-8 text-center"
    >
      <Icon aria-hidden className="h-12 w-12 text-brand-700" />
      <h1 id={id} className="text-2xl font-bold text-ink">
        {title}
      </h1>
      <p className="text-muted">{children}</p>
      {actions}
    </section>
  );
}
