import { cn } from "@/lib/cn";
import { Icon } from "@/components/ui/icon";
import { SearchInput } from "./search-input";

/** Header search: a plain GET form to /search?q= (works before hydration and without JS). */
export function SearchBox({ className }: { className?: string }) {
  return (
    <form action="/search" method="get" role="search" className={cn("relative", className)}>
      <label htmlFor="header-search" className="sr-only">
        Search products
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
      />
      <SearchInput
        id="header-search"
        className="h-11 w-full rounded-full border border-gray-300 bg-gray-50 pr-4 pl-9 text-sm outline-none placeholder:text-gray-600 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-200"
      />
    </form>
  );
}
