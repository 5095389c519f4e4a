"use client";
import type { ReactNode } from "react";
import { messageOf } from "@/lib/client/api";
import { LoadError } from "./load-error";
import { LoadingStatus } from "./loading-status";

/**
 * A part of a screen read from /api in the browser: `children(data)` once there is data (a failed
 * refresh keeps what was read), else the error with "Try again", else the loading state. Every
 * screen's read states go through here; ops panels and restaurant lists only choose how loading
 * looks.
 */
export function LoadStates<T>({
  data,
  error,
  onRetry,
  retrying = false,
  errorMessage,
  loading,
  children,
}: {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  /** True while the retry runs: the button spins. */
  retrying?: boolean;
  /** Said when the server gave no reason. */
  errorMessage: string;
  /** A label for the loading line, or what to show instead (a skeleton). */
  loading: string | ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (error)
    return <LoadError message={messageOf(error, errorMessage)} onRetry={onRetry} busy={retrying} />;
  return typeof loading === "string" ? <LoadingStatus>{loading}</LoadingStatus> : loading;
}
