import { z } from "zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "@/lib/validators/account-security";
import { endpoint, jsonBody } from "./endpoint";
import { isoDate } from "./json";
import { publicUser, twoStepAnswer } from "./session";

/** Verified email, password reset and change, and the sessions list (docs/accounts.md). */

export const session = z.object({
  id: z.string().describe("names the session to its owner; not the cookie, nor derived from it"),
  current: z.boolean().describe("the session this request came with"),
  createdAt: isoDate,
  lastSeenAt: isoDate.describe("updated at most once a minute"),
  userAgent: z.string().nullable().describe("the browser's User-Agent when it signed in"),
});
export type SessionJson = z.infer<typeof session>;

const success = z.object({ success: z.literal(true) });
export const forgotAnswer = z.object({ message: z.string() });

const sessionParams = z.object({
  id: z
    .string()
    .refine((s) => /^[0-9a-f]{32}$/.test(s), {
      message: "Session not found",
      params: { code: "not_found" },
    })
    .describe("a session's id from GET /api/sessions"),
});

export const securityApi = {
  resendVerification: endpoint({
    method: "POST",
    path: "/api/email/verification",
    tag: "Security",
    summary: "Mail a new verification link to the signed-in user's email",
    description:
      "Does nothing when the email is verified already. 429 past the hourly number of emails per user (Retry-After).",
    auth: "required",
    status: 202,
    response: success,
    errors: ["rate_limited"],
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/email/verify",
    tag: "Security",
    summary: "Use a verification link: the email it was sent to is verified",
    description: "410 for a link that was used, has expired or does not exist.",
    auth: "none",
    body: jsonBody(verifyEmailSchema),
    response: success,
    errors: ["link_expired", "rate_limited"],
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/password/forgot",
    tag: "Security",
    summary: "Mail a password-reset link (30 minutes, single use)",
    description:
      "Answers the same whether an account uses the email or not. Throttled per client address and per email.",
    auth: "none",
    body: jsonBody(forgotPasswordSchema),
    status: 202,
    response: forgotAnswer,
    errors: ["rate_limited"],
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/password/reset",
    tag: "Security",
    summary: "Choose a new password from a reset link; signs in and ends every other session",
    description:
      "With two-step sign-in on, answers `{twoStep: true}` like `POST /api/login`: a code completes the sign-in.",
    auth: "none",
    body: jsonBody(resetPasswordSchema),
    response: z.union([publicUser, twoStepAnswer]),
    errors: ["link_expired", "rate_limited"],
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/password/change",
    tag: "Security",
    summary: "Change the password; every other session ends",
    description:
      "400 for a wrong current password, counted like a failed sign-in (429 past the sign-in budget).",
    auth: "required",
    body: jsonBody(changePasswordSchema),
    response: success,
    errors: ["rate_limited"],
  }),
  sessions: endpoint({
    method: "GET",
    path: "/api/sessions",
    tag: "Security",
    summary: "The signed-in user's sessions, this one first",
    auth: "required",
    response: z.array(session),
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/api/sessions/{id}",
    tag: "Security",
    summary: "Sign out one of your sessions",
    auth: "required",
    params: sessionParams,
    response: success,
    errors: ["rate_limited"],
  }),
  endOtherSessions: endpoint({
    method: "DELETE",
    path: "/api/sessions",
    tag: "Security",
    summary: "Sign out everywhere else: every session but this one",
    auth: "required",
    response: z.object({ ended: z.number().int() }),
    errors: ["rate_limited"],
  }),
};
