import type { ComponentProps, ReactNode } from "react";
import { HeadedSection } from "./headed-section";

type Props = Omit<ComponentProps<typeof HeadedSection>, "titleId" | "titleClassName" | "action">;

/**
 * A My Farm panel: its heading row (the title, with `intro` beneath it saying what the panel
 * shows, and on the right its figures or its action), then the content. `id` is the heading's.
 */
export function PanelSection({ id, aside, ...props }: Props & { id: string; aside?: ReactNode }) {
  return (
    <HeadedSection
      titleId={id}
      titleClassName="text-xl font-bold text-ink"
      action={aside}
      {...props}
    />
  );
}
