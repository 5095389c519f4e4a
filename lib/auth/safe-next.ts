/**
 * Where to go after signing in (`/auth?next=…`): a path on this site, or `fallback`. The value is
 * parsed with `new URL` against the origin exactly as a browser would, so every trick that turns
 * "/…" into another host is caught by comparing origins: a backslash ("/\evil.example"), a tab or
 * newline the URL parser drops ("/\t/evil.example"), dot segments ("/.//evil.example"), schemes.
 * Only the path, query and hash are returned, and never one that starts with "//".
 * Shared by every place that reads `next` (the sign-in and registration forms).
 */
const PLACEHOLDER_ORIGIN = "https://fieldfare.invalid";

export function safeNextPath(
  next: string | null | undefined,
  origin: string = PLACEHOLDER_ORIGIN,
  fallback = "/home",
): string {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return fallback;
  // Control characters are dropped by the URL parser in ways that differ from what a person reads.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\")
    ? path
    : fallback;
}
