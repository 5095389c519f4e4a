import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIES } from "@/lib/auth/cookie-names";
import { userFromSessionCookie, type SessionUser } from "./session";

/**
 * The signed-in user for server components and server functions (null when signed out). React's
 * `cache()` makes the layout, the page and their components share one session check per request.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  for (const name of SESSION_COOKIES) {
    const value = jar.get(name)?.value;
    if (value) return userFromSessionCookie(value);
  }
  return null;
});

/**
 * For signed-in pages: the user, or a redirect to /auth that comes back to `path` after signing in.
 * proxy.ts only checks that a session cookie exists; this checks the session itself. Layouts and
 * pages render concurrently, so each page that needs the user calls it (cached: one check).
 */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`);
  return user;
}
