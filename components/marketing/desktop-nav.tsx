"use client";
import Link from "next/link";
import { NavigationMenu as NM } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { featureLinks, resourceLinks, type NavLink } from "./nav";

const topLink =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800 data-[state=open]:bg-brand-50";

function Dropdown({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <NM.Item className="relative">
      <NM.Trigger className={`${topLink} group`}>
        {label}
        <ChevronDown aria-hidden className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" />
      </NM.Trigger>
      <NM.Content className="absolute left-0 top-full z-40 mt-2 w-80 rounded-xl border border-gray-200 bg-white p-2 shadow-lg data-[state=open]:animate-fade-in">
        <ul className="grid gap-1">
          {links.map((l) => (
            <li key={l.href}>
              <NM.Link asChild>
                <Link href={l.href} className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50">
                  <span className="block text-sm font-semibold text-ink">{l.label}</span>
                  {l.description ? <span className="block text-sm text-muted">{l.description}</span> : null}
                </Link>
              </NM.Link>
            </li>
          ))}
        </ul>
      </NM.Content>
    </NM.Item>
  );
}

/** Desktop header menu. docs/product.md: opens after 200 ms, skip delay 300 ms; Radix closes after 150 ms. */
export function DesktopNav() {
  return (
    <NM.Root delayDuration={200} skipDelayDuration={300} aria-label="Main" className="relative hidden md:block">
      <NM.List className="flex items-center gap-1">
        <NM.Item>
          <NM.Link asChild>
            <Link href="/" className={topLink}>Home</Link>
          </NM.Link>
        </NM.Item>
        <NM.Item>
          <NM.Link asChild>
            <Link href="/about" className={topLink}>About Us</Link>
          </NM.Link>
        </NM.Item>
        <Dropdown label="Features" links={featureLinks} />
        <Dropdown label="Resources" links={resourceLinks} />
        <NM.Item>
          <NM.Link asChild>
            <Link href="/pricing" className={topLink}>Pricing</Link>
          </NM.Link>
        </NM.Item>
      </NM.List>
    </NM.Root>
  );
}
