import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/cookie-names";
import { isProtectedPath, isStaffPath } from "@/lib/auth/protected-paths";
import { userFromSessionCookie } from "@/lib/server/auth/session";

/**
 * Route guard: signed-out visitors of the signed-in pages go to /auth. This is only the
 * cheap first check (is there a session cookie at all?); every handler verifies the session
 * against the database itself, and a page whose session has ended sends its visitor to /auth
 * from the browser when /api/user answers 401 (components/auth/auth-provider.tsx).
 * The ops console's prerendered pages are the exception: their session is checked here (the
 * session cache's one lookup), and anyone but staff gets the 404 page.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isStaffPath(pathname)) {
    const cookie = SESSION_COOKIES.map((c) => request.cookies.get(c)?.value).find(Boolean);
    const user = await userFromSessionCookie(cookie);
    if (user?.role === "staff") return NextResponse.next();
    return NextResponse.rewrite(new URL("/_ops-not-found", request.url), { status: 404 });
  }
  if (isProtectedPath(pathname) && !SESSION_COOKIES.some((c) => request.cookies.get(c)?.value)) {
    const url = request.nextUrl.clone();
    url.pathname = "/auth";
    url.search = "";
    url.searchParams.set("next", pathname);
    return NextResponse.redirect(url);
  }
  return NextResponse.next();
}

// Next reads the matcher at build time, so it is written out here (lib/auth/protected-paths.ts
// lists the same pages and the console; tests/auth/protected-paths.test.ts keeps them in step).
export const config = {
  matcher: [
    "/home",
    "/messages/:path*",
    "/orders/:path*",
    "/standing-orders/:path*",
    "/shares/:path*",
    "/invoices/:path*",
    "/wallet/:path*",
    "/profile/:path*",
    "/checkout/:path*",
    "/my-farm/:path*",
    "/my-hub/:path*",
    "/ops/:path*",
  ],
};
