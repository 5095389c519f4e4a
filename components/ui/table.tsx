/** A header cell: its label, or the label and the classes it has instead of the row's default. */
export type TableColumn = string | { label: string; className?: string };

/**
 * A table's header: one row with a `<th scope="col">` per column, in order. Every cell takes
 * `cellClassName` unless its column names classes of its own (a right-aligned figure, the last
 * column without padding).
 */
export function TableHead({
  columns,
  className,
  rowClassName,
  cellClassName,
}: {
  columns: readonly TableColumn[];
  /** Classes of the `<thead>`. */
  className?: string;
  /** Classes of the header `<tr>`. */
  rowClassName?: string;
  /** Classes of every `<th>` whose column brings none. */
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => {
          const { label, className: own } =
            typeof column === "string" ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={own ?? cellClassName}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
