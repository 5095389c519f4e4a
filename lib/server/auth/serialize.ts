import type { PublicUser } from "@/lib/contracts/session";
import type { SessionUser } from "./session";
import { twoStepOn, twoStepRequired } from "./two-step-rule";

/** The user as the API shows it: never the password hash. */
export function toPublicUser(u: SessionUser): PublicUser {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    userType: u.userType,
    address: u.address,
    profileImage: u.profileImage,
    verified: u.verified,
    emailVerified: u.emailVerification?.email === u.email,
    staff: u.role === "staff",
    twoStep: twoStepOn(u),
    twoStepRequired: twoStepRequired(u),
    createdAt: u.createdAt.toISOString(),
  };
}
