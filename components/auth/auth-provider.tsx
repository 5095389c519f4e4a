"use client";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import type { PublicUser } from "@/lib/types";

/**
 * Session state, from the server: every layout that mounts this reads the session user while
 * rendering (`initialUser`, null when signed out), so nothing here fetches /api/user. Login and
 * registration store the returned user; logout clears it.
 */
type AuthState = {
  user: PublicUser | null;
  setUser: (user: PublicUser | null) => void;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, initialUser }: { children: React.ReactNode; initialUser: PublicUser | null }) {
  const [user, setUser] = useState<PublicUser | null>(initialUser);

  const logout = useCallback(async () => {
    await apiFetch("/api/logout", { method: "POST" });
    setUser(null);
  }, []);

  const value = useMemo(() => ({ user, setUser, logout }), [user, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}
