"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiFetch, hasCode } from "@/lib/client/api";
import type { PublicUser } from "@/lib/types";

/**
 * Session state: loaded from GET /api/user (401 → no user); login and registration
 * store the returned user; logout clears it. Three states: loading, signed in, signed out.
 */
type AuthState = {
  user: PublicUser | null;
  isLoading: boolean;
  setUser: (user: PublicUser | null) => void;
  refresh: () => Promise<void>;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, initialUser }: { children: React.ReactNode; initialUser?: PublicUser | null }) {
  const [user, setUser] = useState<PublicUser | null>(initialUser ?? null);
  const [isLoading, setLoading] = useState(initialUser === undefined);

  const refresh = useCallback(async () => {
    try {
      setUser(await apiFetch<PublicUser>("/api/user"));
    } catch (e) {
      if (hasCode(e, "unauthenticated")) setUser(null);
      else throw e;
    } finally {
      setLoading(false);
    }
  }, []);

  // Without a user from the server, ask the API once (401 → signed out).
  useEffect(() => {
    if (initialUser !== undefined) return;
    let live = true;
    apiFetch<PublicUser>("/api/user")
      .then((u) => live && setUser(u))
      .catch(() => live && setUser(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [initialUser]);

  const logout = useCallback(async () => {
    await apiFetch("/api/logout", { method: "POST" });
    setUser(null);
  }, []);

  const value = useMemo(() => ({ user, isLoading, setUser, refresh, logout }), [user, isLoading, refresh, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}
