import type { ReactNode } from "react";

/** A restaurant's account page (invoices, standing orders): a narrow column under its title and intro. */
export function RestaurantPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-muted">{intro}</p>
      </header>
      {children}
    </div>
  );
}
