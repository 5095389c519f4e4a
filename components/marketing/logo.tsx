import { IntentLink } from "@/components/ui/intent-link";

/** The Fieldfare mark; the logo always links to /. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <IntentLink
      href="/"
      className={`inline-flex items-center gap-2 rounded-md text-lg font-extrabold text-brand-800 ${className}`}
    >
      <svg aria-hidden viewBox="0 0 32 32" className="h-8 w-8" focusable="false">
        <circle cx="16" cy="16" r="16" fill="#20613c" />
        <path d="M9 21c0-7 5-12 14-12 0 9-5 14-12 14-1 0-2-.5-2-2z" fill="#bbe4c8" />
        <path
          d="M10 22c3-4 6-7 10-10"
          stroke="#20613c"
          strokeWidth="1.6"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>Fieldfare</span>
    </IntentLink>
  );
}
