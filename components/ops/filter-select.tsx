import { Field } from "@/components/ui/field";

/** A value and its label; the empty value means "any". */
export type FilterOption = readonly [value: string, label: string];

/** A labelled native select in an ops filter form, starting on its first option. */
export function FilterSelect({
  id,
  name,
  label,
  options,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly FilterOption[];
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        name={name}
        className="h-11 rounded-lg border border-gray-300 bg-white px-3 text-sm"
        defaultValue=""
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
