import "server-only";
import { stringify } from "csv-stringify/sync";

/**
 * Every CSV we write goes through here (docs/architecture.md, "CSV files"). A spreadsheet runs a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, and Excel set
 * to a `;` list separator (fr-CA and European settings) splits a cell on `;` before it looks, so
 * `Bob;=cmd|' /C calc'!A0` would open as a live formula in its second column. So every text cell
 * is quoted, and an apostrophe goes before such a character at the start of the cell and after
 * every `;` or `,` inside it (spaces between them included). Numbers are written as numbers.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /(^|[;,])( *)(?=[=+\-@\t\r])/g;

/** A text cell as a spreadsheet must read it: as text, whatever a separator splits it into. */
export function neutraliseCell(text: string): string {
  return text.replace(FORMULA_START, "$1$2'");
}

/** A header row, then the rows; CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const text = (cell: CsvCell) => (typeof cell === "number" ? cell : neutraliseCell(cell ?? ""));
  return stringify([header.map(text), ...rows.map((row) => row.map(text))], {
    quoted_string: true,
    quoted_empty: true,
    record_delimiter: "\r\n",
  });
}

/**
 * A CSV download: a farm's own figures or staff-only personal data, so never kept by a shared
 * cache or the browser's.
 */
export function csvResponse({ filename, csv }: { filename: string; csv: string }) {
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
