import type { ComponentProps } from "react";
import { HeadedSection } from "@/components/ui/headed-section";

type Props = Omit<ComponentProps<typeof HeadedSection>, "titleId" | "titleClassName">;

/**
 * A My Farm page's section, named by its h2 (id `${id}-title`): the heading, with a short intro
 * under it or an action beside it, then the content.
 */
export function FarmSection({ id, ...props }: Props & { id: string }) {
  return (
    <HeadedSection titleId={`${id}-title`} titleClassName="text-lg font-bold text-ink" {...props} />
  );
}
