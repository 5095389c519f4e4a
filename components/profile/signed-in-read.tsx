"use client";
import type { ReactNode } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { LoadStates, type SwrRead } from "@/components/ui/load-states";
import type { PublicUser } from "@/lib/contracts/session";

/**
 * A profile page's read that also needs who is signed in (what a farmer or a restaurant may do
 * there): `children` runs once both the read and the session user are known.
 */
export function SignedInRead<T>({
  read,
  failed,
  loading,
  children,
}: {
  read: SwrRead<T>;
  failed: string;
  loading: string;
  children: (data: T, user: PublicUser) => ReactNode;
}) {
  const { user } = useAuth();
  return (
    <LoadStates
      read={{
        ...read,
        data: user && read.data !== undefined ? { data: read.data, user } : undefined,
      }}
      failed={failed}
      loading={loading}
    >
      {(both) => children(both.data, both.user)}
    </LoadStates>
  );
}
