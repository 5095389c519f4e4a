import {
  contactSchema,
  demoRequestSchema,
  newsletterSchema,
  waitlistSchema,
} from "@/lib/validators/submissions";
import { z } from "zod";
import { endpoint, jsonBody } from "./endpoint";

const synced = {
  googleSheetsSuccess: z
    .boolean()
    .describe(
      "true only if the row reached the ops sheet during the request; false means saved, will sync",
    ),
  submissionId: z.string(),
};
export const waitlistAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  ...synced,
});
export const demoRequestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  ...synced,
});
export const newsletterAnswer = z.object({ success: z.literal(true), message: z.string() });
export const contactAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

/** The public site's forms. Their answers carry `success` (errors too: `success: false`). */
export const submissionsApi = {
  waitlist: endpoint({
    method: "POST",
    path: "/api/waitlist",
    tag: "Marketing",
    summary: "Join the waitlist",
    description: "Stored with an outbox row before any Google Sheets call.",
    auth: "none",
    body: jsonBody(waitlistSchema),
    status: 201,
    response: waitlistAnswer,
    envelope: "success",
    errors: ["rate_limited"],
  }),
  demoRequest: endpoint({
    method: "POST",
    path: "/api/demo-requests",
    tag: "Marketing",
    summary: "Request a demo",
    auth: "none",
    body: jsonBody(demoRequestSchema),
    status: 201,
    response: demoRequestAnswer,
    envelope: "success",
    errors: ["rate_limited"],
  }),
  newsletter: endpoint({
    method: "POST",
    path: "/api/newsletter",
    tag: "Marketing",
    summary: "Subscribe to the newsletter",
    auth: "none",
    body: jsonBody(newsletterSchema),
    status: 201,
    response: newsletterAnswer,
    otherAnswers: { 200: "Already subscribed" },
    envelope: "success",
    errors: ["rate_limited"],
  }),
  contact: endpoint({
    method: "POST",
    path: "/api/contact",
    tag: "Marketing",
    summary: "Send the team a message",
    auth: "none",
    body: jsonBody(contactSchema),
    status: 201,
    response: contactAnswer,
    envelope: "success",
    errors: ["rate_limited"],
  }),
};
