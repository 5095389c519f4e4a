import { z } from "zod";
import { plainText } from "./text";

/**
 * Passkeys and two-step sign-in (docs/accounts.md). A WebAuthn answer is what
 * `@simplewebauthn/browser` hands back from the authenticator: base64url fields, checked here for
 * shape and size only (the server library verifies what they say).
 */
const CREDENTIAL_ERROR = "This passkey answer is not complete";
const b64url = (max: number) =>
  z
    .string({ error: CREDENTIAL_ERROR })
    .min(1, CREDENTIAL_ERROR)
    .max(max, CREDENTIAL_ERROR)
    .regex(/^[A-Za-z0-9_-]+$/, CREDENTIAL_ERROR);

const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key", { error: CREDENTIAL_ERROR }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** The answer of navigator.credentials.create() (a new passkey). */
export const registrationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(16_384),
        transports: z.array(z.string().max(32)).max(10).optional(),
      },
      { error: CREDENTIAL_ERROR },
    ),
  },
  { error: CREDENTIAL_ERROR },
);

/** The answer of navigator.credentials.get() (signing in with a passkey). */
export const authenticationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        // Post-quantum signatures are long: ML-DSA-44 is 2,420 bytes, ML-DSA-87 4,627.
        signature: b64url(8192),
        userHandle: b64url(128).optional(),
      },
      { error: CREDENTIAL_ERROR },
    ),
  },
  { error: CREDENTIAL_ERROR },
);

export const PASSKEY_NAME_REQUIRED = "Give the passkey a name";
export const passkeyName = plainText({ label: "Name", error: PASSKEY_NAME_REQUIRED })
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(60, "Keep the name under 60 characters");

export const addPasskeySchema = z.object({
  name: passkeyName,
  credential: registrationCredentialSchema,
});
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

export const passkeyLoginSchema = z.object({ credential: authenticationCredentialSchema });
export type PasskeyLoginInput = z.infer<typeof passkeyLoginSchema>;

export const CODE_REQUIRED = "Enter the code from your app or a recovery code";
/** A 6-digit code from the authenticator app, or a recovery code (`ABCDE-FGHIJ`). */
export const twoStepCode = plainText({ label: "Code", error: CODE_REQUIRED, trim: "space" })
  .min(1, CODE_REQUIRED)
  .max(20, "That code is not right");

export const twoStepCodeSchema = z.object({ code: twoStepCode });
export type TwoStepCodeInput = z.infer<typeof twoStepCodeSchema>;
