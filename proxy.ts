import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/cookie-names";

/**
 * Route guard: signed-out visitors of the signed-in pages go to /auth. This is only the
 * cheap first check (is there a session cookie at all?); every page and handler still verifies the
 * session against the database itself.
 */
const PROTECTED = ["/home", "/messages", "/orders", "/standing-orders", "/invoices", "/wallet", "/profile", "/checkout", "/my-farm"];

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const isProtected = PROTECTED.some((p) => pathname === p || pathname.startsWith(p + "/"));
  if (isProtected && !SESSION_COOKIES.some((c) => request.cookies.get(c)?.value)) {
    const url = request.nextUrl.clone();
    url.pathname = "/auth";
    url.search = "";
    url.searchParams.set("next", pathname);
    return NextResponse.redirect(url);
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/home", "/messages/:path*", "/orders/:path*", "/standing-orders/:path*", "/invoices/:path*", "/wallet/:path*", "/profile/:path*", "/checkout/:path*", "/my-farm/:path*"],
};
