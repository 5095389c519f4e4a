import Link from "next/link";
import { ChevronLeft } from "lucide-react";

/** A page under Profile: the way back, its title and what it is for, then its content. */
export function ProfileSubpage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <Link
        href="/profile"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ChevronLeft aria-hidden className="h-4 w-4" /> Profile
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      {children}
    </div>
  );
}
