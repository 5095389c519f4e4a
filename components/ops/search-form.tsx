"use client";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** An ops search: one `q` field across the row and "Search"; `onSearch` gets what was typed. */
export function SearchForm({
  id,
  label,
  minLength,
  onSearch,
}: {
  id: string;
  label: string;
  /** Fewer characters are refused by the browser (the field is then required). */
  minLength?: number;
  onSearch: (q: string) => void;
}) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get("q") ?? ""));
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field id={id} label={label}>
          <Input
            id={id}
            name="q"
            minLength={minLength}
            maxLength={100}
            required={minLength !== undefined}
          />
        </Field>
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
