import "server-only";
import { stringify } from "csv-stringify/sync";
import { centsToDecimal } from "@/lib/money";

/**
 * Every CSV we write goes through here (docs/architecture.md, "CSV files"); a lint test refuses
 * csv-stringify anywhere else. A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return as a formula, and Excel set to a `;` list separator (fr-CA and
 * European settings) splits a cell on `;` before it looks, so `Bob;=cmd|' /C calc'!A0` would open
 * as a live formula in its second column. So every text cell is quoted, and an apostrophe goes
 * before such a character at the start of the cell and after every `;` or `,` inside it (spaces
 * between them included). Numbers and amounts are written as numbers.
 */
export type CsvAmount = { readonly cents: number };
export type CsvCell = string | number | CsvAmount | null | undefined;

const FORMULA_START = /(^|[;,])( *)(?=[=+\-@\t\r])/g;

/** A text cell as a spreadsheet must read it: as text, whatever a separator splits it into. */
export function neutraliseCell(text: string): string {
  return text.replace(FORMULA_START, "$1$2'");
}

/** An amount cell: integer cents written as a number with two decimals ("-2.57"), unquoted. */
export const csvAmount = (cents: number): CsvAmount => ({ cents });

/** A header row, then the rows; CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cell = (c: CsvCell) =>
    typeof c === "number" || (typeof c === "object" && c !== null) ? c : neutraliseCell(c ?? "");
  return stringify([header.map(cell), ...rows.map((row) => row.map(cell))], {
    quoted_string: true,
    quoted_empty: true,
    record_delimiter: "\r\n",
    // Only our own amounts are objects here: a number, so neither quoted nor neutralised.
    cast: {
      object: (amount) => ({
        value: centsToDecimal((amount as CsvAmount).cents),
        quoted: false,
        quoted_string: false,
      }),
    },
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
