"use client";
import type { ReactNode } from "react";
import type { SWRResponse } from "swr";
import { LoadError } from "@/components/ui/load-error";
import { LoadStates } from "@/components/ui/load-states";
import { Skeleton } from "@/components/ui/skeleton";

/** What an ops panel uses of its SWR read. */
type Read<T> = Pick<SWRResponse<T>, "data" | "error" | "mutate" | "isValidating">;

/** A read that failed: `message` and "Try again", spinning while SWR retries. */
export function ReadError({
  read,
  message,
}: {
  read: Pick<Read<unknown>, "isValidating"> & { mutate: () => unknown };
  message: string;
}) {
  return <LoadError message={message} onRetry={() => read.mutate()} busy={read.isValidating} />;
}

/** An ops panel's read: the shared read states with a grey block of height `skeleton` while it loads. */
export function Loaded<T>({
  read,
  failed,
  skeleton,
  empty,
  children,
}: {
  read: Read<T>;
  failed: string;
  /** The height class of the loading block ("h-40"). */
  skeleton: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <LoadStates
      read={read}
      failed={failed}
      loading={<Skeleton className={`${skeleton} rounded-2xl`} />}
      empty={empty}
    >
      {children}
    </LoadStates>
  );
}
