"use client";
import Link from "next/link";
import { useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";
import { onDemand, useOnDemand } from "@/components/ui/on-demand";

import { chevron, topLink } from "./nav-styles";
import type { DesktopNavStart } from "./desktop-nav-menu";

const menu = onDemand(() => import("./desktop-nav-menu").then((m) => m.DesktopNavMenu));

const dropdowns = ["Features", "Resources"];

/**
 * Desktop header menu. Until a pointer or keyboard focus comes to it, it is this plain twin of
 * the Radix NavigationMenu (desktop-nav-menu.tsx: same links, same look, the dropdowns' buttons
 * closed), so a public page neither downloads nor hydrates Radix's menu to show itself. Reached
 * for, the Radix menu is fetched and takes its place, opening the dropdown under the pointer or
 * the one pressed, with focus kept where it was.
 */
export function DesktopNav() {
  const { Component: Menu, open } = useOnDemand(menu);
  const [start, setStart] = useState<DesktopNavStart | null>(null);
  const hovered = useRef("");
  const nav = useRef<HTMLElement>(null);
  const upgrade = async (press?: string) => {
    if (!(await open(press === undefined))) return;
    const active = document.activeElement;
    const focusKey =
      active instanceof HTMLElement && nav.current?.contains(active)
        ? (active.dataset.navKey ?? null)
        : null;
    setStart({ value: press ?? hovered.current, focusKey });
  };
  if (Menu && start) return <Menu {...start} />;
  return (
    <nav
      ref={nav}
      aria-label="Main"
      className="relative hidden md:block"
      onPointerEnter={() => void upgrade()}
      onFocus={() => void upgrade()}
    >
      <ul className="flex items-center gap-1">
        <li>
          <Link href="/" className={topLink} data-nav-key="Home">
            Home
          </Link>
        </li>
        <li>
          <Link href="/about" className={topLink} data-nav-key="About Us">
            About Us
          </Link>
        </li>
        {dropdowns.map((label) => (
          <li key={label} className="relative">
            <button
              type="button"
              aria-expanded={false}
              data-nav-key={label}
              className={`${topLink} group`}
              onPointerEnter={() => (hovered.current = label)}
              onPointerLeave={() => (hovered.current = "")}
              onClick={() => void upgrade(label)}
            >
              {label}
              <Icon name="chevron-down" className={chevron} />
            </button>
          </li>
        ))}
        <li>
          <Link href="/pricing" className={topLink} data-nav-key="Pricing">
            Pricing
          </Link>
        </li>
      </ul>
    </nav>
  );
}
