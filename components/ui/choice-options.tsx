import { SelectItem } from "./select";

/** One choice of a select: the value sent and the label shown. */
export type Choice = { value: string | number; label: string };

/** A native `<select>`'s options, one per choice. */
export function NativeOptions({ choices }: { choices: readonly Choice[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}

/** A Radix `Select`'s items, one per choice. */
export function SelectItems({ choices }: { choices: readonly Choice[] }) {
  return choices.map((c) => (
    <SelectItem key={c.value} value={String(c.value)}>
      {c.label}
    </SelectItem>
  ));
}
