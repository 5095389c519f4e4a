import "server-only";
import { hash, verify } from "@node-rs/argon2";

// OWASP argon2id parameters: m=19 MiB, t=2, p=1.
const options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same argon2 work for an unknown account, so timing does not reveal which accounts exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("fieldfare-timing-equaliser");
  await verifyPassword(await dummy, password);
}
