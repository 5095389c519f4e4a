// The orchard either side of the crates: tree crowns and the apples on them, as [cx, cy].
const trees = [
  [60, 300],
  [120, 292],
  [180, 298],
  [470, 296],
  [530, 290],
  [590, 296],
];
const apples = [
  [52, 296],
  [126, 288],
  [186, 302],
  [476, 292],
  [536, 298],
];

/**
 * The landing page's hero picture, inlined (it is the largest thing above the fold): it paints with
 * the HTML instead of waiting for an image request and the main thread (Lighthouse LCP on mobile).
 * Same drawing as public/images/marketing/hero.svg.
 */
export function HeroArt({ label, className }: { label: string; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 640 480"
      width={640}
      height={480}
      role="img"
      aria-label={label}
      className={className}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#dff3ff" />
          <stop offset="1" stopColor="#f0faf3" />
        </linearGradient>
        <linearGradient id="hero-lake" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7cc3e8" />
          <stop offset="1" stopColor="#4a9fcc" />
        </linearGradient>
      </defs>
      <rect width="640" height="480" fill="url(#hero-sky)" />
      <circle cx="520" cy="90" r="42" fill="#f7c948" />
      <path
        d="M0 230 L120 140 L210 205 L330 110 L450 200 L540 150 L640 215 V300 H0Z"
        fill="#8dcfa4"
      />
      <path d="M0 260 Q160 230 320 258 T640 250 V310 H0Z" fill="url(#hero-lake)" />
      <path d="M0 300 Q200 270 400 300 T640 290 V480 H0Z" fill="#5ab37c" />
      <g fill="#277a49">
        {trees.map(([cx, cy]) => (
          <circle key={cx} cx={cx} cy={cy} r="22" />
        ))}
      </g>
      <g fill="#e04848">
        {apples.map(([cx, cy]) => (
          <circle key={cx} cx={cx} cy={cy} r="4" />
        ))}
      </g>
      <g>
        <rect x="150" y="330" width="160" height="100" rx="8" fill="#b7793f" />
        <rect x="150" y="360" width="160" height="10" fill="#94602f" />
        <circle cx="185" cy="330" r="24" fill="#e04848" />
        <circle cx="230" cy="322" r="26" fill="#f2a541" />
        <circle cx="275" cy="330" r="24" fill="#e04848" />
        <rect x="330" y="340" width="160" height="90" rx="8" fill="#b7793f" />
        <rect x="330" y="368" width="160" height="10" fill="#94602f" />
        <path
          d="M350 340 q15 -50 30 0z M390 340 q15 -55 30 0z M430 340 q15 -50 30 0z"
          fill="#2f8f4e"
        />
        <ellipse cx="365" cy="342" rx="14" ry="8" fill="#f28c28" />
        <ellipse cx="405" cy="342" rx="14" ry="8" fill="#f28c28" />
        <ellipse cx="445" cy="342" rx="14" ry="8" fill="#f28c28" />
      </g>
    </svg>
  );
}
