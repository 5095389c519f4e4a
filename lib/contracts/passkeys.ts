import { z } from "zod";
import { addPasskeySchema, passkeyLoginSchema, twoStepCodeSchema } from "@/lib/validators/passkeys";
import { endpoint, idParams, jsonBody } from "./endpoint";
import { id, isoDate } from "./json";
import { publicUser } from "./session";

/** Passkeys and two-step sign-in (docs/accounts.md). */

export const passkey = z.object({
  id,
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable().describe("the last sign-in or step-up with it"),
});
export type PasskeyJson = z.infer<typeof passkey>;

/** WebAuthn options as `@simplewebauthn/browser` takes them (PublicKeyCredential*OptionsJSON). */
const webAuthnOptions = z
  .object({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() })
  .loose()
  .describe("WebAuthn options in their JSON form, for navigator.credentials");

export const twoStepStatus = z.object({
  enabled: z.boolean(),
  required: z
    .boolean()
    .describe("staff and farms with payouts set up: money actions wait until it is on"),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatusJson = z.infer<typeof twoStepStatus>;

export const twoStepSetup = z.object({
  secret: z.string().describe("base32, for typing into an authenticator app"),
  otpauthUrl: z.string(),
  qrCode: z.string().describe("the otpauth URL as an SVG QR code (a data: URL)"),
});
export type TwoStepSetupJson = z.infer<typeof twoStepSetup>;

const success = z.object({ success: z.literal(true) });

export const passkeysApi = {
  registrationOptions: endpoint({
    method: "POST",
    path: "/api/passkeys/options",
    tag: "Security",
    summary: "Start adding a passkey: the options for navigator.credentials.create()",
    description: "The challenge is good for one registration within 5 minutes.",
    auth: "required",
    response: webAuthnOptions,
    errors: ["conflict"],
  }),
  add: endpoint({
    method: "POST",
    path: "/api/passkeys",
    tag: "Security",
    summary: "Add a passkey: the authenticator's answer and a name",
    description:
      "400 when the challenge is unknown, used or expired, or the answer does not verify. 409 when the passkey is added already.",
    auth: "required",
    body: jsonBody(addPasskeySchema),
    status: 201,
    response: passkey,
    errors: ["conflict"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/passkeys",
    tag: "Security",
    summary: "The signed-in user's passkeys, oldest first",
    auth: "required",
    response: z.array(passkey),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/passkeys/{id}",
    tag: "Security",
    summary: "Remove one of your passkeys (404 for anyone else's)",
    auth: "required",
    params: idParams("Passkey"),
    response: success,
  }),
  loginOptions: endpoint({
    method: "POST",
    path: "/api/login/passkey/options",
    tag: "Session",
    summary: "Start signing in with a passkey: options for navigator.credentials.get()",
    description:
      "No account is named (discoverable credentials). Also the challenge of an ops step-up with a passkey. Throttled per client address.",
    auth: "none",
    response: webAuthnOptions,
    errors: ["rate_limited"],
  }),
  login: endpoint({
    method: "POST",
    path: "/api/login/passkey",
    tag: "Session",
    summary: "Sign in with a passkey; the same session as a password sign-in, both steps at once",
    description: "401 when the passkey is unknown or does not verify; throttled like sign-in.",
    auth: "none",
    body: jsonBody(passkeyLoginSchema),
    response: publicUser,
    errors: ["invalid_credentials", "rate_limited"],
  }),
  twoStepLogin: endpoint({
    method: "POST",
    path: "/api/login/two-step",
    tag: "Session",
    summary: "The second step of a password sign-in: a code from the app or a recovery code",
    description:
      "Completes the sign-in that `POST /api/login` left waiting (its cookie, 5 minutes). Each code and recovery code works once. 400 for a wrong code, 401 when the sign-in expired; throttled like sign-in.",
    auth: "none",
    body: jsonBody(twoStepCodeSchema),
    response: publicUser,
    errors: ["rate_limited"],
  }),
};

export const twoStepApi = {
  status: endpoint({
    method: "GET",
    path: "/api/two-step",
    tag: "Security",
    summary: "Whether two-step sign-in is on, required, and how many recovery codes are left",
    auth: "required",
    response: twoStepStatus,
  }),
  setup: endpoint({
    method: "POST",
    path: "/api/two-step/setup",
    tag: "Security",
    summary: "A new secret and its QR code to scan; on once a code from it is confirmed",
    auth: "required",
    response: twoStepSetup,
    errors: ["conflict"],
  }),
  enable: endpoint({
    method: "POST",
    path: "/api/two-step",
    tag: "Security",
    summary: "Turn two-step sign-in on with a code from the app: answers ten recovery codes, once",
    auth: "required",
    body: jsonBody(twoStepCodeSchema),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    errors: ["conflict", "rate_limited"],
  }),
  disable: endpoint({
    method: "DELETE",
    path: "/api/two-step",
    tag: "Security",
    summary: "Turn two-step sign-in off with a code (or a recovery code)",
    auth: "required",
    body: jsonBody(twoStepCodeSchema),
    response: success,
    errors: ["conflict", "rate_limited"],
  }),
};
