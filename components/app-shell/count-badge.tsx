/** The small count bubble on a header button; the number is also in the button's accessible name. */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <span
      aria-hidden
      data-testid={testId}
      data-count={count}
      className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-harvest-400 px-1 text-[11px] leading-none font-bold text-ink"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
