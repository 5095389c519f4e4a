"use client";
import { Select as S } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { inputClass } from "./input";

/** Radix Select with the app's look: <Select><SelectTrigger><SelectValue/></SelectTrigger><SelectContent><SelectItem/></SelectContent></Select>. */
export const Select = S.Root;
export const SelectValue = S.Value;
export const SelectGroup = S.Group;

/** Looks like an input, with a chevron after the chosen value. */
export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof S.Trigger>) {
  return (
    <S.Trigger
      className={cn(
        inputClass,
        "flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-gray-600",
        className,
      )}
      {...props}
    >
      {children}
      <S.Icon asChild>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-muted" />
      </S.Icon>
    </S.Trigger>
  );
}

/** The options' list, in a portal, as wide as the trigger and no taller than the room below it. */
export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: ComponentProps<typeof S.Content>) {
  return (
    <S.Portal>
      <S.Content
        position={position}
        sideOffset={4}
        className={cn(
          "relative z-[60] max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg",
          className,
        )}
        {...props}
      >
        <S.Viewport className="p-1">{children}</S.Viewport>
      </S.Content>
    </S.Portal>
  );
}

/** One option, with a check mark when chosen. */
export function SelectItem({ className, children, ...props }: ComponentProps<typeof S.Item>) {
  return (
    <S.Item
      className={cn(
        "relative flex min-h-10 cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-sm text-ink outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
        <S.ItemIndicator>
          <Check aria-hidden className="h-4 w-4" />
        </S.ItemIndicator>
      </span>
      <S.ItemText>{children}</S.ItemText>
    </S.Item>
  );
}
