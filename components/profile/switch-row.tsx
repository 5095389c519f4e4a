"use client";
import type { ReactNode } from "react";
import { Switch } from "radix-ui";

/** One labelled on/off row of Profile → Notifications (email, fresh sheets, push). */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li className="flex items-center gap-4 px-4 py-3">
      <div className="flex-1">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-help`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-help`}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-gray-300 transition-colors disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </li>
  );
}
