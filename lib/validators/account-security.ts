import { z } from "zod";
import { newPasswordFields, passwordMismatch, passwordsMatch } from "./auth";
import { plainText } from "./text";

/**
 * The account flows' inputs (docs/accounts.md). A new password here is 10..128 characters (and,
 * on the server, not a common password nor the user's email or name).
 */
export const strongPasswordFields = newPasswordFields;

export const forgotPasswordSchema = z.object({
  email: plainText({ label: "Email", error: "Email is required", trim: "space" })
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const token = plainText({
  label: "Link",
  error: "This link is not complete",
  trim: "none",
}).max(200, "This link is not complete");

export const resetPasswordSchema = z
  .object({ token, ...strongPasswordFields })
  .refine(passwordsMatch, passwordMismatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: plainText({
      label: "Password",
      error: "Enter your current password",
      trim: "none",
    })
      .min(1, "Enter your current password")
      .max(128, "Password must be at most 128 characters"),
    ...strongPasswordFields,
  })
  .refine(passwordsMatch, passwordMismatch);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const verifyEmailSchema = z.object({ token });
