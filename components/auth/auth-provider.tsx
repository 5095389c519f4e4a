"use client";
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { usePathname, useRouter } from "next/navigation";
import useSWR from "swr";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/cookie-names";
import { isProtectedPath, signInPath } from "@/lib/auth/protected-paths";
import { ApiError, apiFetch } from "@/lib/client/api";
import { forgetOfflineData } from "@/lib/client/offline/service-worker";
import type { PublicUser } from "@/lib/contracts/session";
import { createRequiredContext } from "@/lib/client/required-context";

/**
 * Session state in the browser (docs/architecture.md, "Sessions"). The signed-in app's pages are
 * prerendered shells, so the session user is `GET /api/user`, read once per visit through SWR
 * (under the app's DataProvider) and shared by the header, the rail and every screen; `status` is
 * "loading" until it answers. A page that already knows the user (the sign-in page renders it on
 * the server) passes `initialUser` and nothing is fetched. Login and registration store the
 * returned user; logout clears it.
 *
 * On a public page (search, a product, a farm) nobody is asked when the signed-in hint cookie is
 * absent: a visitor is a visitor at once, and sees no 401. On a signed-in page the proxy has let
 * only requests with a session cookie through, so /api/user is always asked there. A session that
 * ended while its cookie stayed (a logout in another tab, a revocation, expiry) answers 401: on a
 * signed-in page the visitor then goes to /auth and comes back after signing in, as proxy.ts does
 * for a visitor without a cookie.
 */
export const USER_KEY = "/api/user";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

type AuthState = {
  /** Null while loading and when signed out (`status` tells which). */
  user: PublicUser | null;
  status: AuthStatus;
  setUser: (user: PublicUser | null) => void;
  logout: () => Promise<void>;
};

const [AuthContext, useAuthContext] = createRequiredContext<AuthState>(
  "useAuth must be used within an AuthProvider",
);

const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;
const hasHint = () => document.cookie.split("; ").includes(HINT);
/** The server sets and clears the hint with the session; the browser mends it when /api/user says otherwise. */
function writeHint(signedIn: boolean) {
  if (signedIn === hasHint()) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${signedIn ? "1" : ""}; Path=/; SameSite=Lax${signedIn ? "" : "; Max-Age=0"}${secure}`;
}
const noSubscription = () => () => undefined;

async function fetchUser(path: string): Promise<PublicUser | null> {
  try {
    const user = await apiFetch<PublicUser>(path);
    writeHint(true);
    return user;
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    writeHint(false);
    return null;
  }
}

export function AuthProvider({
  children,
  initialUser,
}: {
  children: React.ReactNode;
  initialUser?: PublicUser | null;
}) {
  const known = initialUser !== undefined;
  const pathname = usePathname();
  const mustAsk = isProtectedPath(pathname);
  // null while the server renders and the page hydrates (no cookies there), then the cookie's word.
  const hint = useSyncExternalStore(noSubscription, hasHint, () => null);
  const ask = !known && hint !== null && (hint || mustAsk);
  const { data, mutate } = useSWR<PublicUser | null>(known || ask ? USER_KEY : null, fetchUser, {
    fallbackData: initialUser,
    revalidateOnMount: !known,
  });
  const user = data ?? null;
  const status: AuthStatus =
    data !== undefined
      ? data
        ? "signed-in"
        : "signed-out"
      : !known && hint === false && !mustAsk
        ? "signed-out"
        : "loading";

  // A signed-in page whose session turned out to have ended: to the sign-in page. Not after this
  // tab's own logout, which goes where its menu says.
  const router = useRouter();
  const loggedOut = useRef(false);
  useEffect(() => {
    if (status === "signed-out" && !loggedOut.current && mustAsk)
      router.replace(signInPath(pathname));
  }, [status, mustAsk, pathname, router]);

  const setUser = useCallback(
    (next: PublicUser | null) => {
      loggedOut.current = next === null;
      void mutate(next, { revalidate: false });
    },
    [mutate],
  );

  const logout = useCallback(async () => {
    await apiFetch("/api/logout", { method: "POST" });
    // What the farm app kept for offline is this user's: gone with the session (docs/offline.md).
    await forgetOfflineData().catch((e) => console.warn("[offline] not deleted:", e));
    setUser(null);
  }, [setUser]);

  const value = useMemo(() => ({ user, status, setUser, logout }), [user, status, setUser, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useAuthContext();
}
