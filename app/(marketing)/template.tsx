import type { ReactNode } from "react";

/** Route changes fade and slide in (spec §2); globals.css shortens it under prefers-reduced-motion. */
export default function MarketingTemplate({ children }: { children: ReactNode }) {
  return <div className="animate-fade-in">{children}</div>;
}
