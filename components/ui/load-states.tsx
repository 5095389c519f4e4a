"use client";
import type { ReactNode } from "react";
import { messageOf } from "@/lib/client/api";
import { LoadError } from "./load-error";
import { LoadingStatus } from "./loading-status";

/**
 * A part of a screen read from /api in the browser: `children(data)` once there is data, else the
 * error with "Try again" when the read failed, else a loading status.
 */
export function LoadStates<T>({
  data,
  error,
  onRetry,
  errorMessage,
  loadingLabel,
  children,
}: {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  /** Said when the server gave no reason. */
  errorMessage: string;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (error) return <LoadError message={messageOf(error, errorMessage)} onRetry={onRetry} />;
  return <LoadingStatus>{loadingLabel}</LoadingStatus>;
}
