"use client";
import { Tabs as T } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "@/lib/cn";

/** Radix Tabs (arrow keys move between tabs, the panel is labelled by its tab). */
export const Tabs = T.Root;

export const TabsList = forwardRef<
  ComponentRef<typeof T.List>,
  ComponentPropsWithoutRef<typeof T.List>
>(function TabsList({ className, ...props }, ref) {
  return (
    <T.List
      ref={ref}
      className={cn("inline-flex items-center gap-1 rounded-xl bg-gray-100 p-1", className)}
      {...props}
    />
  );
});

export const TabsTrigger = forwardRef<
  ComponentRef<typeof T.Trigger>,
  ComponentPropsWithoutRef<typeof T.Trigger>
>(function TabsTrigger({ className, ...props }, ref) {
  return (
    <T.Trigger
      ref={ref}
      className={cn(
        "inline-flex min-h-9 items-center justify-center rounded-lg px-4 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
});

export const TabsContent = forwardRef<
  ComponentRef<typeof T.Content>,
  ComponentPropsWithoutRef<typeof T.Content>
>(function TabsContent({ className, ...props }, ref) {
  return <T.Content ref={ref} className={cn("mt-4 rounded-lg", className)} {...props} />;
});
