/** `?category=` from a page URL: a positive id, or undefined for anything else (never an error page). */
export function categoryParam(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}
