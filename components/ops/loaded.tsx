"use client";
import type { ReactNode } from "react";
import { LoadStates, type SwrRead } from "@/components/ui/load-states";
import { Skeleton } from "@/components/ui/skeleton";

/** An ops panel's read: the shared read states with a grey block of height `skeleton` while it loads. */
export function Loaded<T>({
  read,
  failed,
  skeleton,
  empty,
  children,
}: {
  read: SwrRead<T>;
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
