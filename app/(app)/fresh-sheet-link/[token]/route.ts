import { userFromRequest } from "@/lib/server/auth/session";
import { signInPath } from "@/lib/auth/protected-paths";
import { db } from "@/lib/server/platform/db";
import { checkSheetLink, sheetLinkPath } from "@/lib/server/notifications/sheet-links";
import { sheetLinkRefusalResponse } from "@/lib/server/notifications/sheet-link-page";

/**
 * A fresh-sheet email's signed link (docs/restaurants.md, "Fresh sheet"). Opening it changes
 * nothing: signed out it goes to sign in and comes back; a link that verifies for the signed-in
 * reader goes on to its confirm page (…/add); anything else is refused with a page of its own.
 */
export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const token = decodeURIComponent((await ctx.params).token);
  const user = await userFromRequest(req);
  const checked = checkSheetLink(token, user?.id ?? null);
  const to = (path: string) =>
    new Response(null, { status: 303, headers: { location: path, "cache-control": "no-store" } });
  if (checked.ok === "sign_in") return to(signInPath(sheetLinkPath(token)));
  if (!checked.ok) return sheetLinkRefusalResponse(checked.reason);
  const product = await db.product.findFirst({
    where: { id: checked.link.productId, isHidden: false },
    select: { id: true },
  });
  if (!product) return sheetLinkRefusalResponse("gone");
  return to(`${sheetLinkPath(token)}/add`);
}
