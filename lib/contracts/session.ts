import { z } from "zod";
import { loginSchema, registerSchema } from "@/lib/validators/auth";
import { endpoint, jsonBody } from "./endpoint";
import { id, isoDate, userType } from "./json";

/** A user as the API shows them to themselves: never the password hash. */
export const publicUser = z.object({
  id,
  username: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  userType,
  address: z.string().nullable(),
  profileImage: z.string(),
  verified: z.boolean(),
  emailVerified: z
    .boolean()
    .describe(
      "the user proved they receive mail at `email`; until then only account emails go there",
    ),
  staff: z
    .boolean()
    .describe("Fieldfare staff: the app shows them the ops console's link (docs/operations.md)"),
  twoStep: z.boolean().describe("two-step sign-in is on (docs/accounts.md)"),
  twoStepRequired: z
    .boolean()
    .describe(
      "staff, or a farm with payouts set up: money actions answer 403 `two_step_required` until two-step sign-in is on",
    ),
  createdAt: isoDate,
});
export type PublicUser = z.infer<typeof publicUser>;

/** A right password of an account with two-step on: no session yet, a code comes next. */
export const twoStepAnswer = z.object({
  twoStep: z
    .literal(true)
    .describe("send a code to POST /api/login/two-step (this answer's cookie, 5 minutes)"),
});
export type TwoStepAnswer = z.infer<typeof twoStepAnswer>;

/** Sign in, sign up, sign out, and who is signed in. */
export const sessionApi = {
  user: endpoint({
    method: "GET",
    path: "/api/user",
    tag: "Session",
    summary: "The signed-in user",
    auth: "required",
    response: publicUser,
  }),
  login: endpoint({
    method: "POST",
    path: "/api/login",
    tag: "Session",
    summary: "Sign in with email or username",
    description:
      "Sets the session cookie. With two-step sign-in on, answers `{twoStep: true}` instead and no session yet: `POST /api/login/two-step` completes it. 429 after repeated failures for one account or address (Retry-After).",
    auth: "none",
    body: jsonBody(loginSchema),
    response: z.union([publicUser, twoStepAnswer]),
    errors: ["invalid_credentials", "rate_limited"],
  }),
  register: endpoint({
    method: "POST",
    path: "/api/register",
    tag: "Session",
    summary: "Create an account and sign in",
    description: "userType is always `user`, whatever is sent.",
    auth: "none",
    body: jsonBody(registerSchema),
    response: publicUser,
    status: 201,
    errors: ["already_exists", "rate_limited"],
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/logout",
    tag: "Session",
    summary: "Sign out; the old cookie value is dead afterwards, even if replayed",
    auth: "none",
    response: z.object({ success: z.literal(true) }),
  }),
};
