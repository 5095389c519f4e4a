import { z } from "zod";
import { visibleText } from "./text";

/** Role options (docs/product.md); labels are what the select shows. */
export const roleOptions = [
  { value: "farmer", label: "Farmer/Producer" },
  { value: "restaurant", label: "Restaurant/Chef" },
  { value: "distributor", label: "Distributor" },
  { value: "other", label: "Other" },
] as const;
export const roleValues = ["farmer", "restaurant", "distributor", "other"] as const;

const text = (label: string, message: string, options: { multiline?: boolean } = {}) =>
  visibleText(label, message, options);

/** A one-line field that must not be empty: "<label> is required", "<label> is too long". */
const requiredText = (label: string, max: number) =>
  text(label, `${label} is required`)
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const fullNameField = text("Name", "Name must be at least 2 characters")
  .min(2, "Name must be at least 2 characters")
  .max(120, "Name is too long");
const emailField = text("Email", "Please enter a valid email address")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

/** Waitlist rules (docs/product.md), with the spec's messages. */
export const waitlistSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  companyName: requiredText("Company name", 160),
  role: z.enum(roleValues, { error: "Please select your role" }),
});
export type WaitlistInput = z.infer<typeof waitlistSchema>;

/** Demo rules (docs/product.md): the waitlist's plus a phone number of at least 6 characters. */
export const demoRequestSchema = waitlistSchema.extend({
  phoneNumber: text("Phone number", "Please enter a valid phone number")
    .min(6, "Please enter a valid phone number")
    .max(40, "Please enter a valid phone number"),
});
export type DemoRequestInput = z.infer<typeof demoRequestSchema>;

export const newsletterSchema = z.object({
  email: emailField,
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

export const contactSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  subject: requiredText("Subject", 160),
  message: text("Message", "Message is required", { multiline: true })
    .min(1, "Message is required")
    .max(5000, "Message is too long (5000 characters at most)"),
});
export type ContactInput = z.infer<typeof contactSchema>;
