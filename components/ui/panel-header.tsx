import type { ReactNode } from "react";

/**
 * The heading row of a My Farm panel: the title (`id` names the panel's section) with what the
 * panel shows beneath it, and on the right its figures or its action.
 */
export function PanelHeader({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {children}
      </div>
      {aside}
    </div>
  );
}
