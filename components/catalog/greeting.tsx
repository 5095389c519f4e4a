/**
 * docs/product.md: signed-in users are greeted by first name; visitors get a welcome text.
 * `fullName` undefined: the user is still loading (the heading is there already, the name follows).
 */
export function Greeting({ fullName }: { fullName: string | null | undefined }) {
  const first = fullName?.trim().split(/\s+/)[0];
  return (
    <div className="grid gap-1">
      {fullName !== null ? (
        <>
          <h1 className="text-2xl font-bold text-ink md:text-3xl">
            {first ? `Welcome back, ${first}` : "Welcome back"}
          </h1>
          <p className="text-muted">Here are your personalized recommendations</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink md:text-3xl">Welcome to Fieldfare</h1>
          <p className="text-muted">Discover fresh, seasonal produce from farms around Kelowna.</p>
        </>
      )}
    </div>
  );
}
