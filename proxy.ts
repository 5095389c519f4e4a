import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/cookie-names";
import { isProtectedPath } from "@/lib/auth/protected-paths";

/**
 * Route guard: signed-out visitors of the signed-in pages go to /auth. This is only the
 * cheap first check (is there a session cookie at all?); every handler verifies the session
 * against the database itself, and a page whose session has ended sends its visitor to /auth
 * from the browser when /api/user answers 401 (components/auth/auth-provider.tsx).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
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
// lists the same pages; tests/auth/protected-paths.test.ts keeps the two in step).
export const config = {
  matcher: [
    "/home",
    "/messages/:path*",
    "/orders/:path*",
    "/standing-orders/:path*",
    "/invoices/:path*",
    "/wallet/:path*",
    "/profile/:path*",
    "/checkout/:path*",
    "/my-farm/:path*",
  ],
};
