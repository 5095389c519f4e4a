import "server-only";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { AppError, tooManyRequests } from "@/lib/server/platform/errors";
import { consume, hit, release, reset, takeTurn } from "@/lib/server/platform/rate-limit";
import { inTransaction } from "@/lib/server/platform/transaction";
import type { LoginInput, RegisterData } from "@/lib/validators/auth";
import { refuseCommonPassword } from "./common-passwords";
import { queueVerification } from "./email-verification";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { createSession, publicUserSelect, type SessionUser } from "./session";
import { consumePasswordBudgets, type RequestMeta, type SignedIn } from "./sign-in";
import { startTwoStepSignIn } from "./two-step";

export type { RequestMeta, SignedIn } from "./sign-in";
/** A right password of an account with two-step on: the sign-in waits for a code (./two-step.ts). */
export type TwoStepPending = { twoStep: { token: string; expiresAt: Date } };

const INVALID = "Invalid email or password";
const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again later.";

/** How a slowed sign-in waits for its turn (tests record the waits instead of sleeping). */
export const loginPause = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * docs/product.md: the identifier is an email or a username. Unknown accounts cost the same argon2 work.
 *
 * Throttle (README, "Security"): each attempt is counted BEFORE the password is checked, atomically,
 * against two budgets — the account (resolved, so its email and its username share one budget;
 * an unknown identifier has its own) from this address, and every failure from this address (one
 * address spraying many accounts). Over either budget the password is not checked at all. A right
 * password gives its attempt back to the address and clears that account's failures.
 *
 * Guesses spread over many addresses meet a third budget, the account's attempts from every
 * address, which slows rather than locks (the owner still gets in): past
 * LOGIN_ACCOUNT_FREE_ATTEMPTS in the window, each check of that account's password takes a turn
 * in a queue kept in the database (`takeTurn`), the turns spaced by a delay that doubles from
 * LOGIN_ACCOUNT_DELAY_SECONDS up to LOGIN_ACCOUNT_MAX_DELAY_SECONDS, however many run in parallel.
 * A request waits for its turn; one whose turn is further off than the longest delay is 429 with
 * the seconds until it is not. An unknown identifier is slowed the same, so the delay does not
 * tell which accounts exist.
 */
export async function login(
  input: LoginInput,
  meta: RequestMeta,
): Promise<SignedIn | TwoStepPending> {
  const identifier = input.username.trim().toLowerCase();
  const e = env();
  const window = { windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 };

  const user = await db.user.findFirst({
    where: identifier.includes("@")
      ? { email: identifier }
      : { username: { equals: identifier, mode: "insensitive" } },
    select: { ...publicUserSelect, passwordHash: true },
  });
  const accountKey = user
    ? `login-account:${user.id}:${meta.ip}`
    : `login-unknown:${identifier}:${meta.ip}`;
  const ipKey = await consumePasswordBudgets(
    meta,
    accountKey,
    TOO_MANY_LOGINS,
    `login failures for one account from ip=${meta.ip}`,
  );
  const everywhereKey = user ? `login-all:${user.id}` : `login-all-unknown:${identifier}`;
  const { count } = await hit(everywhereKey, window.windowMs);
  const over = count - e.LOGIN_ACCOUNT_FREE_ATTEMPTS;
  if (over > 0) {
    const maxMs = e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS * 1000;
    const spacingMs = Math.min(maxMs, e.LOGIN_ACCOUNT_DELAY_SECONDS * 1000 * 2 ** (over - 1));
    const turn = await takeTurn(`login-turn:${everywhereKey}`, spacingMs, maxMs);
    if ("retryAfterSeconds" in turn) {
      await Promise.all([release(ipKey), release(accountKey), release(everywhereKey)]);
      console.warn(
        `[rate-limit] refused: login attempts for one account from every address, ip=${meta.ip} (${count} > ${e.LOGIN_ACCOUNT_FREE_ATTEMPTS} per ${e.LOGIN_WINDOW_MINUTES * 60} s, queue full, retry after ${turn.retryAfterSeconds} s)`,
      );
      throw tooManyRequests(turn.retryAfterSeconds, TOO_MANY_LOGINS);
    }
    console.warn(
      `[rate-limit] slowed: login attempts for one account from every address, ip=${meta.ip} (${count} > ${e.LOGIN_ACCOUNT_FREE_ATTEMPTS} per ${e.LOGIN_WINDOW_MINUTES * 60} s, waits ${turn.waitMs} ms)`,
    );
    await loginPause.sleep(turn.waitMs);
  }

  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) throw new AppError("invalid_credentials", INVALID);
  await Promise.all([release(ipKey), reset(accountKey), reset(everywhereKey)]);
  if (user.twoStep?.enabledAt) return { twoStep: await startTwoStepSignIn(user.id) };
  const { passwordHash: _hash, ...publicUser } = user;
  void _hash;
  const cookie = await createSession(user.id, meta.secure, meta.userAgent);
  return { user: publicUser, cookie };
}

/** Registration always creates a `user` (userType is forced, whatever is sent), signed in at once. */
export async function register(input: RegisterData, meta: RequestMeta): Promise<SignedIn> {
  // Every attempt from the address counts, counted atomically before anything else: parallel
  // sign-ups cannot slip past the limit, and "email already taken" cannot be probed without limit.
  await consume(
    `register-ip:${meta.ip}`,
    { max: env().REGISTRATION_LIMIT_PER_IP_HOUR, windowMs: 60 * 60_000 },
    {
      message: "Too many sign-up attempts from this address. Please try again later.",
      log: `registrations from ip=${meta.ip}`,
    },
  );

  const email = input.email.trim().toLowerCase();
  const username = input.username?.trim() || undefined;
  refuseCommonPassword(input.password, { email, username, fullName: input.fullName });
  const [byEmail, byUsername] = await Promise.all([
    db.user.findUnique({ where: { email }, select: { id: true } }),
    username
      ? db.user.findFirst({
          where: { username: { equals: username, mode: "insensitive" } },
          select: { id: true },
        })
      : null,
  ]);
  if (byEmail)
    throw new AppError("already_exists", "An account with this email already exists", {
      fieldErrors: { email: "An account with this email already exists" },
    });
  if (byUsername)
    throw new AppError("already_exists", "This username is already taken", {
      fieldErrors: { username: "This username is already taken" },
    });

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
    if ((e as { code?: string }).code === "P2002")
      throw new AppError("already_exists", "An account with this email or username already exists");
    throw e;
  }
  await inTransaction((tx) => queueVerification(tx, user));
  const cookie = await createSession(user.id, meta.secure, meta.userAgent);
  return { user, cookie };
}
