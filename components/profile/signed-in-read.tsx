"use client";
import type { ReactNode } from "react";
import type { SWRResponse } from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import { LoadStates } from "@/components/ui/load-states";
import type { PublicUser } from "@/lib/contracts/session";

/**
 * A profile page's read that also needs who is signed in (what a farmer or a restaurant may do
 * there): `children` runs once both the read and the session user are known.
 */
export function SignedInRead<T>({
  read: { data, error, mutate },
  failed,
  loading,
  children,
}: {
  read: Pick<SWRResponse<T>, "data" | "error" | "mutate">;
  failed: string;
  loading: string;
  children: (data: T, user: PublicUser) => ReactNode;
}) {
  const { user } = useAuth();
  return (
    <LoadStates
      data={user && data !== undefined ? { data, user } : undefined}
      error={error}
      onRetry={() => void mutate()}
      errorMessage={failed}
      loading={loading}
    >
      {(both) => children(both.data, both.user)}
    </LoadStates>
  );
}
