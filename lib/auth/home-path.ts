import type { PublicUser } from "@/lib/contracts/session";

/**
 * Where a signed-in person starts (docs/product.md, "Each role's way in"): staff on the ops
 * console, a farm account on My Farm, everyone else (shoppers, restaurants) on /home. Used after
 * sign-in when no `next` was asked for, and by /auth's "Go to Dashboard".
 */
export function homePathFor(user: Pick<PublicUser, "userType" | "staff">): string {
  if (user.staff) return "/ops";
  return user.userType === "farmer" ? "/my-farm" : "/home";
}
