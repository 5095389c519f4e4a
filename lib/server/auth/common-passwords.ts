import "server-only";
import { AppError } from "@/lib/server/platform/errors";

/**
 * A short list of the most common passwords (from public breach corpora), refused at registration
 * together with anything that is only the user's own email or name. Length ≥ 8 is checked first.
 */
const COMMON = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789 1234567890
  11111111 00000000 88888888 12341234 87654321 qwertyui qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t zaq12wsx
  iloveyou iloveyou1 sunshine sunshine1 princess football football1 baseball welcome welcome1 welcome123 letmein1
  abc12345 abcd1234 abcdefgh admin123 administrator monkey123 dragon123 trustno1 starwars superman batman123
  whatever computer internet samsung michelle jennifer charlie1 freedom1 shadow12 master12 mustang1 access14
  changeme changeme1 secret12 secret123 default1 test1234 testtest guest123 login123 hello123 letmein123
  fieldfare fieldfare1 fieldfare123 kelowna1 kelowna123 okanagan farmfresh`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string, context: string[] = []): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true; // one repeated character
  return context.some((c) => c && c.length >= 4 && p === c.toLowerCase());
}

const TOO_COMMON = "This password is too common. Please choose a less predictable one.";

/** Throws the field error of a new password that is common or only the user's own email or name. */
export function refuseCommonPassword(
  password: string,
  person: { email: string; username?: string | null; fullName: string },
): void {
  const { email, username, fullName } = person;
  if (isCommonPassword(password, [email, email.split("@")[0], username ?? "", fullName]))
    throw new AppError("validation", TOO_COMMON, { fieldErrors: { password: TOO_COMMON } });
}
