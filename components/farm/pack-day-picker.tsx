"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { cn } from "@/lib/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { formatSlotDay } from "@/lib/format";
import type { PackListJson } from "@/lib/contracts/fulfilment";

/**
 * The pack list's day: a list of the next two weeks with each day's order count, so nothing is
 * typed in a locale's date format; choosing a day loads it at once (no "Show" button).
 */
export function PackDayPicker({ list }: { list: PackListJson }) {
  const router = useRouter();
  const [loading, startLoading] = useTransition();
  return (
    <Field id="pack-date" label="Day">
      <select
        id="pack-date"
        value={list.date}
        aria-busy={loading || undefined}
        onChange={(e) => {
          const date = e.target.value;
          startLoading(() => router.push(`/my-farm/pack-list?date=${date}`));
        }}
        className={cn(inputClass, "h-12 w-auto pr-8")}
      >
        {list.days.map((d) => (
          <option key={d.date} value={d.date}>
            {formatSlotDay(`${d.date}T00:00`)}
            {d.date === list.today ? " (today)" : ""} ·{" "}
            {d.orders === 1 ? "1 order" : `${d.orders} orders`}
          </option>
        ))}
      </select>
    </Field>
  );
}
