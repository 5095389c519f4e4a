import { OpenDialogButton } from "@/components/marketing/dialogs";
import { CardGrid, ContentPage } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/success-stories.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/success-stories");

export default function SuccessStoriesPage() {
  return (
    <ContentPage hero={copy.hero}>
      <CardGrid>
        {copy.stories.map((s) => (
          <article
            key={s.name}
            className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
          >
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{s.kind}</p>
            <h2 className="mt-1 text-xl font-semibold text-ink">{s.name}</h2>
            <figure className="mt-4 flex flex-1 flex-col">
              <blockquote className="flex-1 text-ink">&ldquo;{s.quote}&rdquo;</blockquote>
              <figcaption className="mt-4 text-sm font-medium text-muted">— {s.by}</figcaption>
            </figure>
            <ul className="mt-4 grid gap-1 border-t border-gray-200 pt-4 text-sm text-muted">
              {s.facts.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </article>
        ))}
      </CardGrid>
      <div className="mt-10">
        <OpenDialogButton kind="waitlist" size="lg">
          Join the Waitlist
        </OpenDialogButton>
      </div>
    </ContentPage>
  );
}
