import { site } from "@/lib/site";
import { LinkList } from "./link-list";
import { Logo } from "./logo";
import { footerColumns } from "./nav";

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(5,1fr)]">
        <div className="grid content-start gap-3">
          <Logo className="text-white [&_span]:text-white" />
          <p className="text-sm text-brand-100">
            Fresh produce from Okanagan farms, delivered to kitchens and homes around Kelowna, BC.
          </p>
          <a
            href={`mailto:${site.email}`}
            className="text-sm text-brand-100 underline underline-offset-4 hover:text-white"
          >
            {site.email}
          </a>
        </div>
        {footerColumns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {col.title}
            </h2>
            <LinkList
              links={col.links}
              className="mt-3 grid gap-2"
              linkClassName="text-sm text-brand-100 hover:text-white hover:underline"
            />
          </nav>
        ))}
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-brand-200 sm:px-6">
          © {new Date().getFullYear()} Fieldfare Marketplace Ltd. Grown in the Okanagan.
        </p>
      </div>
    </footer>
  );
}
