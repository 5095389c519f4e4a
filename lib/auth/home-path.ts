import type { PublicUser } from "@/lib/contracts/session";

/**
 * Where a signed-in person starts (docs/product.md, "Each role's way in"): a farm account on
 * My Farm, everyone else (shoppers, restaurants) on /home. Used after sign-in when no `next` was
 * asked for, and by /auth's "Go to Dashboard".
 */
export function homePathFor(userType: PublicUser["userType"]): string {
  return userType === "farmer" ? "/my-farm" : "/home";
}
