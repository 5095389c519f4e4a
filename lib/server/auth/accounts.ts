import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { AppError, tooManyRequests } from "@/lib/server/errors";
import { clearHits, countHits, recordHit } from "@/lib/server/rate-limit";
import type { LoginInput, RegisterData } from "@/lib/validators/auth";
import { refuseCommonPassword } from "./common-passwords";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { createSession, publicUserSelect, type SessionUser } from "./session";

export type RequestMeta = { ip: string; userAgent?: string | null; secure: boolean };
export type SignedIn = { user: SessionUser; cookie: { name: string; value: string; expiresAt: Date } };

const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_MAX_FAILURES = 10;
const INVALID = "Invalid email or password";

/** docs/product.md: the identifier is an email or a username. Unknown accounts cost the same argon2 work. */
export async function login(input: LoginInput, meta: RequestMeta): Promise<SignedIn> {
  const identifier = input.username.trim().toLowerCase();
  const key = `login:${identifier}:${meta.ip}`;
  const { count, retryAfterSeconds } = await countHits(key, LOGIN_WINDOW_MS);
  if (count >= LOGIN_MAX_FAILURES) throw tooManyRequests(retryAfterSeconds, "Too many failed login attempts. Please try again later.");

  const user = await db.user.findFirst({
    where: identifier.includes("@") ? { email: identifier } : { username: { equals: identifier, mode: "insensitive" } },
    select: { ...publicUserSelect, passwordHash: true },
  });
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    await recordHit(key);
    throw new AppError("invalid_credentials", INVALID);
  }
  await clearHits(key);
  const { passwordHash: _hash, ...publicUser } = user;
  void _hash;
  const cookie = await createSession(user.id, meta.secure, meta.userAgent);
  return { user: publicUser, cookie };
}

/** Registration always creates a `user` (userType is forced, whatever is sent), signed in at once. */
export async function register(input: RegisterData, meta: RequestMeta): Promise<SignedIn> {
  const limitKey = `register:${meta.ip}`;
  const { count, retryAfterSeconds } = await countHits(limitKey, 60 * 60_000);
  if (count >= env().REGISTRATION_LIMIT_PER_IP_HOUR) throw tooManyRequests(retryAfterSeconds, "Too many accounts created from this address. Please try again later.");

  const email = input.email.trim().toLowerCase();
  const username = input.username?.trim() || undefined;
  refuseCommonPassword(input.password, [email, email.split("@")[0], username ?? "", input.fullName]);
  const [byEmail, byUsername] = await Promise.all([
    db.user.findUnique({ where: { email }, select: { id: true } }),
    username ? db.user.findFirst({ where: { username: { equals: username, mode: "insensitive" } }, select: { id: true } }) : null,
  ]);
  if (byEmail) throw new AppError("already_exists", "An account with this email already exists", { fieldErrors: { email: "An account with this email already exists" } });
  if (byUsername) throw new AppError("already_exists", "This username is already taken", { fieldErrors: { username: "This username is already taken" } });

  await recordHit(limitKey);
  const passwordHash = await hashPassword(input.password);
  let user: SessionUser;
  try {
    user = await db.user.create({
      data: {
        email,
        username,
        fullName: input.fullName.trim(),
        phone: input.phone || undefined,
        address: input.address || undefined,
        passwordHash,
        userType: "user",
        profileImage: "",
      },
      select: publicUserSelect,
    });
  } catch (e) {
    // Two registrations racing for the same email/username: the unique index decides.
    if ((e as { code?: string }).code === "P2002") throw new AppError("already_exists", "An account with this email or username already exists");
    throw e;
  }
  const cookie = await createSession(user.id, meta.secure, meta.userAgent);
  return { user, cookie };
}
