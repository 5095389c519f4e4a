"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A link whose page is prefetched when someone reaches for it (pointer over it, a finger on it,
 * keyboard focus), not when it scrolls into view: the catalog's cards and See All, the app's tabs
 * and the logo. In view, the home screen's cards each asked the server to render a product or farm
 * page (29 of them), and the tabs and the logo loaded the scripts of five other pages and the
 * marketing site, all while the page a shopper opened was still starting (docs/architecture.md,
 * "Where the time goes").
 */
export function IntentLink({
  href,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        prefetch();
        onMouseEnter?.(e);
      }}
      onTouchStart={(e) => {
        prefetch();
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        onFocus?.(e);
      }}
      {...props}
    />
  );
}
