import type { ReactNode } from "react";
import { IntentLink } from "@/components/ui/intent-link";

/**
 * A catalog card's name, a link to its page. `level` 2 where the cards sit right under the page's
 * h1 (search, See All), else 3 under a section's h2.
 */
export function CardTitle({
  level,
  href,
  className = "font-semibold text-ink",
  children,
}: {
  level: 2 | 3;
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Heading className={className}>
      <IntentLink href={href} className="hover:underline">
        {children}
      </IntentLink>
    </Heading>
  );
}
