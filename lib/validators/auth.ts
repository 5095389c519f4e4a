import { z } from "zod";
import { plainText, visibleText } from "./text";

/**
 * A new password and its confirmation: 10..128 characters, and both the same ("Passwords do not
 * match" on confirmPassword). Used by registration and by the farmer's first password.
 */
export const newPasswordFields = {
  password: plainText({ label: "Password", error: "Password is required", trim: "none" })
    .min(1, "Password is required")
    .min(10, "Password must be at least 10 characters")
    .max(128, "Password must be at most 128 characters"),
  confirmPassword: plainText({
    label: "Password",
    error: "Please confirm your password",
    trim: "none",
  }).min(1, "Please confirm your password"),
};
export const passwordsMatch = (d: { password: string; confirmPassword: string }) =>
  d.password === d.confirmPassword;
export const passwordMismatch = { message: "Passwords do not match", path: ["confirmPassword"] };

/** docs/product.md: both fields required, with the spec's messages. */
export const loginSchema = z.object({
  username: plainText({
    label: "Email or username",
    error: "Email or username is required",
    trim: "space",
  })
    .min(1, "Email or username is required")
    .max(254, "Email or username is too long"),
  password: plainText({ label: "Password", error: "Password is required", trim: "none" })
    .min(1, "Password is required")
    .max(128, "Password must be at most 128 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalText = (label: string, max: number, message: string) =>
  plainText({ label, trim: "space" })
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/**
 * docs/product.md: password, fullName, email required; phone optional; confirmPassword required
 * and must match ("Passwords do not match" on confirmPassword). Passwords are 10..128 characters and
 * not a common password (checked on the server, lib/server/auth/common-passwords.ts).
 */
export const registerSchema = z
  .object({
    username: plainText({ label: "Username", trim: "space" })
      .max(32, "Username must be at most 32 characters")
      .regex(/^[a-zA-Z0-9_.-]*$/, "Username may use letters, numbers, dots, dashes and underscores")
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined)),
    fullName: visibleText("Full name", "Full name is required")
      .min(1, "Full name is required")
      .max(120, "Full name is too long"),
    email: plainText({ label: "Email", error: "Email is required", trim: "space" })
      .min(1, "Email is required")
      .max(254, "Please enter a valid email address")
      .pipe(z.email("Please enter a valid email address")),
    phone: optionalText("Phone number", 40, "Phone number is too long"),
    address: optionalText("Address", 300, "Address is too long"),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, passwordMismatch);
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;
