"use client";
import type { ReactNode } from "react";
import { messageOf } from "@/lib/client/api";
import { LoadError } from "./load-error";
import { LoadingStatus } from "./loading-status";

/** What a screen uses of its SWR read (the whole `useSWR` answer fits). */
export type SwrRead<T> = {
  data: T | undefined;
  error: unknown;
  mutate: () => unknown;
  /** True while SWR refetches: "Try again" spins. */
  isValidating?: boolean;
};

/**
 * A part of a screen read from /api in the browser: `children(data)` once there is data (a failed
 * refresh keeps what was read; `empty` stands in for an empty list), else the error with "Try
 * again", else the loading state. Every screen's read states go through here.
 */
export function LoadStates<T>({
  read,
  failed,
  loading,
  empty,
  children,
}: {
  read: SwrRead<T>;
  /** Said when the server gave no reason. */
  failed: string;
  /** A label for the loading line, or what to show instead (a skeleton). */
  loading: string | ReactNode;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, error } = read;
  if (data !== undefined) {
    return empty !== undefined && Array.isArray(data) && data.length === 0 ? empty : children(data);
  }
  if (error) {
    return (
      <LoadError
        message={messageOf(error, failed)}
        onRetry={() => void read.mutate()}
        busy={read.isValidating ?? false}
      />
    );
  }
  return typeof loading === "string" ? <LoadingStatus>{loading}</LoadingStatus> : loading;
}
