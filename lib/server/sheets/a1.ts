/**
 * A1-notation helpers for the ops sheet. The submission id is the 7th column of the configured
 * range (submitted at, name, email, company, role, source, submission id).
 */
export const SHEET_COLUMNS = 7;
const ID_OFFSET = SHEET_COLUMNS - 1;

function splitSheet(range: string): { sheet: string; cells: string } {
  const bang = range.lastIndexOf("!");
  return bang < 0
    ? { sheet: "", cells: range }
    : { sheet: range.slice(0, bang), cells: range.slice(bang + 1) };
}

export function columnToNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function numberToColumn(n: number): string {
  let s = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const withSheet = (sheet: string, cells: string) => (sheet ? `${sheet}!${cells}` : cells);

/** "Waitlist!A:G" → "Waitlist!G:G": the submission-id column, read before retrying an uncertain append. */
export function idColumnRange(range: string): string {
  const { sheet, cells } = splitSheet(range);
  const start = /^([A-Za-z]+)/.exec(cells)?.[1] ?? "A";
  const col = numberToColumn(columnToNumber(start) + ID_OFFSET);
  return withSheet(sheet, `${col}:${col}`);
}

/**
 * The A1 range of each appended row, from the `updatedRange` an append returned
 * ("Waitlist!A5:G7" → ["Waitlist!A5:G5", "Waitlist!A6:G6", "Waitlist!A7:G7"]).
 */
export function rowRanges(updatedRange: string, count: number): string[] {
  const { sheet, cells } = splitSheet(updatedRange);
  const m = /^([A-Za-z]+)(\d+)(?::([A-Za-z]+)\d+)?$/.exec(cells);
  if (!m) return Array.from({ length: count }, () => updatedRange);
  const [, c1, r1, c2 = c1] = m;
  return Array.from({ length: count }, (_, i) =>
    withSheet(sheet, `${c1}${Number(r1) + i}:${c2}${Number(r1) + i}`),
  );
}

/** The A1 range of sheet row `rowNumber` (1-based) within the configured columns. */
export function rowRange(range: string, rowNumber: number): string {
  const { sheet, cells } = splitSheet(range);
  const start = /^([A-Za-z]+)/.exec(cells)?.[1]?.toUpperCase() ?? "A";
  const end = numberToColumn(columnToNumber(start) + ID_OFFSET);
  return withSheet(sheet, `${start}${rowNumber}:${end}${rowNumber}`);
}
