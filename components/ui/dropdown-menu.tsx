"use client";
import { DropdownMenu as M } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "@/lib/cn";

/** Radix DropdownMenu (arrow keys, typeahead, Esc, focus returns to the trigger). */
export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof M.Content>,
  ComponentPropsWithoutRef<typeof M.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, align = "end", ...props }, ref) {
  return (
    <M.Portal>
      <M.Content
        ref={ref}
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
});

export const DropdownMenuItem = forwardRef<
  ComponentRef<typeof M.Item>,
  ComponentPropsWithoutRef<typeof M.Item>
>(function DropdownMenuItem({ className, ...props }, ref) {
  return (
    <M.Item
      ref={ref}
      className={cn(
        "flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
        className,
      )}
      {...props}
    />
  );
});

export const DropdownMenuLabel = forwardRef<
  ComponentRef<typeof M.Label>,
  ComponentPropsWithoutRef<typeof M.Label>
>(function DropdownMenuLabel({ className, ...props }, ref) {
  return <M.Label ref={ref} className={cn("px-3 py-2 text-sm", className)} {...props} />;
});

export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof M.Separator>,
  ComponentPropsWithoutRef<typeof M.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return <M.Separator ref={ref} className={cn("my-1 h-px bg-gray-200", className)} {...props} />;
});
