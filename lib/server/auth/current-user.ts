import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, userFromSessionCookie, type SessionUser } from "./session";

/** The signed-in user for server components and server functions (null when signed out). */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = jar.get(name)?.value;
    if (value) return userFromSessionCookie(value, name);
  }
  return null;
});
