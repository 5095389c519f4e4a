import { IntentLink } from "@/components/ui/intent-link";
import { Badge } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";

/** A titled home section with an optional tag ("Personalized") and See All link. */
export function Section({
  id,
  title,
  tag,
  seeAll,
  children,
}: {
  id: string;
  title: string;
  tag?: string;
  seeAll?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`section-${id}`}
      className="grid grid-cols-1 gap-4"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
            {title}
          </h2>
          {tag ? <Badge variant="secondary">{tag}</Badge> : null}
        </div>
        {seeAll ? (
          <IntentLink
            href={seeAll}
            className="inline-flex min-h-9 items-center gap-0.5 rounded-md text-sm font-semibold text-brand-700 hover:underline"
            aria-label={`See all: ${title}`}
          >
            See All
            <Icon name="chevron-right" className="h-4 w-4" />
          </IntentLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}
