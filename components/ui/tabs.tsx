"use client";
import { Tabs as T } from "radix-ui";
import { withClassName } from "./with-class-name";

/** Radix Tabs (arrow keys move between tabs, the panel is labelled by its tab). */
export const Tabs = T.Root;

export const TabsList = withClassName(
  T.List,
  "inline-flex items-center gap-1 rounded-xl bg-gray-100 p-1",
);

export const TabsTrigger = withClassName(
  T.Trigger,
  "inline-flex min-h-9 items-center justify-center rounded-lg px-4 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
);

export const TabsContent = withClassName(T.Content, "mt-4 rounded-lg");
