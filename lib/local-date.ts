/**
 * A calendar day written YYYY-MM-DD that exists (2026-13-45 and 2026-02-30 do not), no zone
 * involved. The validators, the screens and the service worker (which ships without zod) share it.
 */
export function isLocalDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
