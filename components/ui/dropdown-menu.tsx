"use client";
import { DropdownMenu as M } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { withClassName } from "./with-class-name";

/** Radix DropdownMenu (arrow keys, typeahead, Esc, focus returns to the trigger). */
export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

/** The menu's panel, in a portal, below the trigger and aligned to its end unless told. */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = "end",
  ...props
}: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 min-w-56 rounded-xl border border-gray-200 bg-white p-1.5 text-ink shadow-lg data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </M.Portal>
  );
}

export const DropdownMenuItem = withClassName(
  M.Item,
  "flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
);

export const DropdownMenuLabel = withClassName(M.Label, "px-3 py-2 text-sm");

export const DropdownMenuSeparator = withClassName(M.Separator, "my-1 h-px bg-gray-200");
