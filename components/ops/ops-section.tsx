import type { ComponentProps } from "react";
import { HeadedSection } from "@/components/ui/headed-section";

type Props = Omit<ComponentProps<typeof HeadedSection>, "titleId" | "titleClassName" | "intro">;

/**
 * A section of the ops console: its heading (`id` labels the section), with its `action` (a button,
 * a download) at the other end of the heading's row, and what it holds.
 */
export function OpsSection({ id, ...props }: Props & { id: string }) {
  return <HeadedSection titleId={id} titleClassName="text-xl font-semibold text-ink" {...props} />;
}
