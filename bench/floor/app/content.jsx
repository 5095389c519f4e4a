/** 150 plain server-rendered cards (a ~95 KB page): the same on every page of this app. */
export function Content() {
  return (
    <div className="grid gap-4">
      {Array.from({ length: 150 }, (_, i) => (
        <article key={i} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
          <h2 className="font-semibold text-ink">Item {i}</h2>
          <p className="text-sm text-muted">Line {i} of the text every page of this app shows.</p>
        </article>
      ))}
    </div>
  );
}
