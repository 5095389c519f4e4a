"use client";
import Link from "next/link";
import { useEffect } from "react";
import { NavigationMenu as NM } from "radix-ui";
import { Icon } from "@/components/ui/icon";
import { featureLinks, resourceLinks, type NavLink } from "./nav";
import { chevron, topLink } from "./nav-styles";

/** How the Radix menu starts when it takes the plain one's place: the dropdown to show open, and where focus was. */
export type DesktopNavStart = { value: string; focusKey: string | null };

function Dropdown({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <NM.Item value={label} className="relative">
      <NM.Trigger className={`${topLink} group`} data-nav-key={label}>
        {label}
        <Icon name="chevron-down" className={chevron} />
      </NM.Trigger>
      <NM.Content className="absolute top-full left-0 z-40 mt-2 w-80 rounded-xl border border-gray-200 bg-white p-2 shadow-lg data-[state=open]:animate-fade-in">
        <ul className="grid gap-1">
          {links.map((l) => (
            <li key={l.href}>
              <NM.Link asChild>
                <Link
                  href={l.href}
                  className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <span className="block text-sm font-semibold text-ink">{l.label}</span>
                  {l.description ? (
                    <span className="block text-sm text-muted">{l.description}</span>
                  ) : null}
                </Link>
              </NM.Link>
            </li>
          ))}
        </ul>
      </NM.Content>
    </NM.Item>
  );
}

/**
 * Desktop header menu (Radix NavigationMenu). docs/product.md: opens after 200 ms, skip delay
 * 300 ms; Radix closes after 150 ms. Loaded on demand by desktop-nav.tsx, and mounted in place of
 * its plain twin with the dropdown the pointer was on open and the focus where it was.
 */
export function DesktopNavMenu({ value, focusKey }: DesktopNavStart) {
  useEffect(() => {
    if (focusKey)
      document
        .querySelector<HTMLElement>(`header [data-nav-key="${CSS.escape(focusKey)}"]`)
        ?.focus();
  }, [focusKey]);
  return (
    <NM.Root
      defaultValue={value}
      delayDuration={200}
      skipDelayDuration={300}
      aria-label="Main"
      className="relative hidden md:block"
    >
      <NM.List className="flex items-center gap-1">
        <NM.Item>
          <NM.Link asChild>
            <Link href="/" className={topLink} data-nav-key="Home">
              Home
            </Link>
          </NM.Link>
        </NM.Item>
        <NM.Item>
          <NM.Link asChild>
            <Link href="/about" className={topLink} data-nav-key="About Us">
              About Us
            </Link>
          </NM.Link>
        </NM.Item>
        <Dropdown label="Features" links={featureLinks} />
        <Dropdown label="Resources" links={resourceLinks} />
        <NM.Item>
          <NM.Link asChild>
            <Link href="/pricing" className={topLink} data-nav-key="Pricing">
              Pricing
            </Link>
          </NM.Link>
        </NM.Item>
      </NM.List>
    </NM.Root>
  );
}
