"use client";
import { useSyncExternalStore } from "react";
import { messageOf } from "@/lib/client/api";

/** Toasts (docs/product.md, "Toasts"): title, description, variant; one shown at a time, 5 s. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
  /** One button, e.g. Undo; `altText` tells screen readers how to do the same without it. */
  action?: { label: string; altText: string; onClick: () => void };
};
export type ToastItem = ToastInput & { id: number; open: boolean };

const TOAST_LIMIT = 1;
let items: ToastItem[] = [];
let nextId = 1;
let raisedOnce = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  raisedOnce = true;
  items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * The toast of a failed action: the server's sentence for people when its answer has one, else
 * `fallback`.
 */
export function toastFailure(title: string, error: unknown, fallback = "Please try again.") {
  return toast({ title, description: messageOf(error, fallback), variant: "destructive" });
}

export function dismissToast(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Leave time for the exit animation before the item is dropped.
  setTimeout(() => {
    items = items.filter((t) => t.id !== id || t.open);
    emit();
  }, 300);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const empty: ToastItem[] = [];
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => empty,
  );
}

/** True from the first toast of the visit on (the toast viewport's code loads then). */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => raisedOnce,
    () => false,
  );
}
