import "server-only";
import crypto from "node:crypto";
import { Prisma, type Notification } from "@/lib/generated/prisma/client";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { db, execute, readRows } from "@/lib/server/platform/db";
import { publishNotification } from "@/lib/server/realtime/bus";
import { env } from "@/lib/server/platform/env";
import { site } from "@/lib/site";
import { KIND_LABELS, type NotificationKind } from "@/lib/validators/notifications";
import { composeAccountEmail } from "./account-emails";
import { isAccountKind } from "@/lib/server/notifications/account-emails";
import { appUrl, renderEmail } from "./layout";
import { compose, type Composed } from "./templates";
import { configuredMailer, type Mailer } from "./transport";
import { unsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import { pushKindOfRow } from "@/lib/server/notifications/outbox";
import { forgetPushTarget, pushTargetsOf } from "@/lib/server/notifications/push-subscriptions";
import type { PushKind } from "@/lib/validators/notifications";
import { configuredPushTransport, type PushTransport } from "./push-transport";
import { composePush } from "./push-templates";

/**
 * The outbox sender (docs/notifications.md, "Sender"). A round claims due rows with
 * `FOR UPDATE SKIP LOCKED` and, in that same short statement, leases them (`sending`, attempts + 1,
 * nextAttemptAt = now + LEASE): no database transaction is held open across the SMTP call, so a
 * slow mail server never blocks the app (PGlite has one connection). Each email is then built,
 * handed to the mailer and marked `sent` only if this sender still holds the lease
 * (status and attempts unchanged). A failure puts the row back to `pending` with exponential
 * backoff; after MAX_ATTEMPTS it is `failed`.
 *
 * Guarantee: never two senders on one row at a time (the lease), never lost (the row stays until
 * marked). The one gap is a crash after the server accepted the email and before the row is
 * marked: the lease runs out and the email is sent again — with the same Message-ID, so mail
 * systems and people can recognise the copy. That is the best SMTP allows (it has no two-phase
 * commit); the window is one statement long.
 */
export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** How long after failed attempt `attempts` (1-based) the next one is due: 30 s, 1 min, 2 min … at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The same for every attempt of one notification, so a resend is recognisably the same email. */
export function messageIdOf(n: Pick<Notification, "id" | "dedupeKey">): string {
  const host = new URL(site.url).hostname || "fieldfare.local";
  return `<notification-${n.id}.${crypto.createHash("sha256").update(n.dedupeKey).digest("hex").slice(0, 16)}@${host}>`;
}

export type RoundResult = { sent: number; skipped: number; retried: number; failed: number };
export type SenderOptions = {
  mailer: Mailer;
  /** Push notifications' transport; null or absent: push is off and push rows end skipped. */
  push?: PushTransport | null;
  /** The sender's clock (tests move it instead of sleeping). */
  now?: Date;
  /** Rows per claim. */
  batch?: number;
  /** Emails in flight at once. */
  concurrency?: number;
  /** Stop after this many rows (a round's bound). */
  limit?: number;
};

async function claim(now: Date, batch: number): Promise<Notification[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  // `sending` rows past their lease belong to a sender that died: they are due again.
  return db.$queryRaw<Notification[]>`
    UPDATE "Notification" SET "status" = 'sending', "attempts" = "attempts" + 1, "nextAttemptAt" = ${lease}
    WHERE "id" IN (
      SELECT "id" FROM "Notification"
      WHERE "status" IN ('pending', 'sending') AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`;
}

/**
 * Ends this sender's lease on `n` with `set` (a status and its fields), only while it still holds it
 * (status `sending` and the attempt it claimed): a sender whose lease ran out changes nothing.
 */
function release(n: Notification, set: Prisma.Sql) {
  return execute(
    Prisma.sql`UPDATE "Notification" SET ${set} WHERE "id" = ${n.id} AND "status" = 'sending' AND "attempts" = ${n.attempts}`,
  );
}

/**
 * The recipient's address, whether they want this kind by email (on unless switched off) and
 * whether the address is verified (docs/accounts.md); null when the account is gone.
 */
async function recipientOf(n: Notification) {
  const [who] = await readRows<{
    email: string;
    fullName: string;
    wanted: boolean;
    verified: boolean;
  }>(Prisma.sql`
    SELECT u."email", u."fullName", COALESCE(p."email", true) AS "wanted",
      EXISTS (SELECT 1 FROM "EmailVerification" v WHERE v."userId" = u."id" AND v."email" = u."email") AS "verified"
    FROM "User" u LEFT JOIN "NotificationPreference" p ON p."userId" = u."id" AND p."kind" = ${n.kind}
    WHERE u."id" = ${n.userId}`);
  return who ?? null;
}

/** A verification or reset link: no preference, no unsubscribe, sent only to the address it was made for. */
async function deliverAccountEmail(mailer: Mailer, n: Notification, now: Date) {
  const user = await recipientOf(n);
  const composed = user ? await composeAccountEmail(n, now) : null;
  if (!user || !composed || composed.email !== user.email) {
    await release(n, Prisma.sql`"status" = 'skipped'`);
    return "skipped" as const;
  }
  await sendEmail(mailer, n, now, user, composed, {
    reason: `You get this email because someone asked for it on ${site.name} for ${user.email}.`,
  });
  return "sent" as const;
}

/**
 * Renders the email with its footer, hands it to the mailer with the notification's Message-ID
 * (`headers` first, then those every email carries), and marks the row sent.
 */
async function sendEmail(
  mailer: Mailer,
  n: Notification,
  now: Date,
  user: { fullName: string; email: string },
  composed: Composed,
  footer: Parameters<typeof renderEmail>[1],
  headers: Record<string, string> = {},
) {
  const { html, text } = renderEmail(composed.content, footer);
  await mailer.send({
    from: env().MAIL_FROM,
    to: { name: user.fullName, address: user.email },
    subject: composed.content.subject,
    html,
    text,
    attachments: composed.attachments,
    messageId: messageIdOf(n),
    headers: { ...headers, "Auto-Submitted": "auto-generated", "X-Fieldfare-Kind": n.kind },
  });
  await release(n, Prisma.sql`"status" = 'sent', "sentAt" = ${now}, "lastError" = NULL`);
}

/**
 * A push notification (docs/notifications.md, "Push"): to every browser the recipient subscribed,
 * while the kind's push switch is on. A subscription the push service calls gone (404/410) is
 * deleted; any other failure fails the row, which is retried like an email (every attempt carries
 * the same tag, so a browser that got it already shows it once).
 */
async function deliverPush(
  push: PushTransport | null | undefined,
  n: Notification,
  kind: PushKind,
  now: Date,
): Promise<keyof RoundResult> {
  const [pref] = await readRows<{ push: boolean }>(Prisma.sql`
    SELECT "push" FROM "NotificationPreference" WHERE "userId" = ${n.userId} AND "kind" = ${kind}`);
  const targets = push && pref?.push ? await pushTargetsOf(n.userId) : [];
  const message = targets.length ? await composePush(kind, n) : null;
  if (!push || !message) {
    await release(n, Prisma.sql`"status" = 'skipped'`);
    return "skipped";
  }
  const failures: string[] = [];
  let delivered = 0;
  for (const target of targets) {
    try {
      if ((await push.send(target, message)) === "gone") await forgetPushTarget(target);
      else delivered++;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length) throw new Error(failures.join("; "));
  await release(
    n,
    delivered
      ? Prisma.sql`"status" = 'sent', "sentAt" = ${now}, "lastError" = NULL`
      : Prisma.sql`"status" = 'skipped', "lastError" = 'every subscription was gone'`,
  );
  return delivered ? "sent" : "skipped";
}

async function deliver(
  mailer: Mailer,
  push: PushTransport | null | undefined,
  n: Notification,
  now: Date,
): Promise<keyof RoundResult> {
  try {
    const pushKind = pushKindOfRow(n.kind);
    if (pushKind) return await deliverPush(push, n, pushKind, now);
    if (isAccountKind(n.kind)) return await deliverAccountEmail(mailer, n, now);
    const user = await recipientOf(n);
    // Until the address is verified it gets nothing but account emails (docs/accounts.md).
    const composed = user?.wanted && user.verified ? await compose(n) : null;
    if (!user || !composed) {
      await release(n, Prisma.sql`"status" = 'skipped'`);
      if (user) await publishNotification(n.userId, n.kind); // no email, but the screens still refresh
      return "skipped";
    }
    const kind = n.kind as NotificationKind;
    const token = unsubscribeToken(n.userId, kind);
    const footer = {
      reason: `You get this email because “${KIND_LABELS[kind].label}” is on for ${user.email}.`,
      unsubscribeUrl: appUrl(`/unsubscribe/${token}`),
    };
    await sendEmail(mailer, n, now, user, composed, footer, {
      // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this URL.
      "List-Unsubscribe": `<${appUrl(`/api/unsubscribe/${token}`)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    await publishNotification(n.userId, n.kind);
    return "sent";
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const gaveUp = n.attempts >= MAX_ATTEMPTS;
    await release(
      n,
      gaveUp
        ? Prisma.sql`"status" = 'failed', "lastError" = ${lastError}`
        : Prisma.sql`"status" = 'pending', "lastError" = ${lastError}, "nextAttemptAt" = ${new Date(now.getTime() + retryDelayMs(n.attempts))}`,
    ).catch((e: unknown) =>
      // Not thrown: the lease runs out and the row is tried again.
      console.warn(`[mail] could not record the failed attempt of notification ${n.id}:`, e),
    );
    if (gaveUp)
      console.warn(
        `[mail] notification ${n.id} (${n.kind}) failed after ${n.attempts} attempts: ${lastError}`,
      );
    else if (pushKindOfRow(n.kind))
      console.warn(
        `[push] notification ${n.id} (${n.kind}) attempt ${n.attempts} failed, will retry: ${lastError}`,
      );
    return gaveUp ? "failed" : "retried";
  }
}

/** Sends every notification due at `now` (at most `limit`). */
export async function sendDueNotifications(opts: SenderOptions): Promise<RoundResult> {
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? 20;
  const concurrency = opts.concurrency ?? 4;
  const limit = opts.limit ?? 10_000;
  const result: RoundResult = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  let seen = 0;
  while (seen < limit) {
    const rows = await claim(now, Math.min(batch, limit - seen));
    if (!rows.length) break;
    seen += rows.length;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
        while (next < rows.length)
          result[await deliver(opts.mailer, opts.push, rows[next++], now)]++;
      }),
    );
  }
  return result;
}

/**
 * Runs a round every `intervalMs` (5 s) in this process, each after the scans that queue reminders
 * and digests (./scans.ts); see startLoop. Its stop waits for the round in flight and closes the
 * mailer.
 */
export function startNotificationSender(
  opts: {
    intervalMs?: number;
    mailer?: Mailer;
    push?: PushTransport | null;
    log?: (m: string) => void;
    rounds?: Array<(now: Date) => Promise<unknown>>;
  } = {},
): Loop {
  const log = opts.log ?? ((m: string) => console.info(`[mail] ${m}`));
  const mailer = opts.mailer ?? configuredMailer();
  const push = opts.push !== undefined ? opts.push : configuredPushTransport();
  const loop = startLoop(
    async () => {
      const now = new Date();
      for (const scan of opts.rounds ?? []) await scan(now);
      const r = await sendDueNotifications({ mailer, push, now });
      if (r.sent + r.failed + r.retried)
        log(
          `${r.sent} sent, ${r.retried} to retry, ${r.failed} failed, ${r.skipped} skipped (${mailer.describe})`,
        );
    },
    { firstMs: 3_000, intervalMs: opts.intervalMs ?? 5_000, log },
  );
  return {
    nudge: loop.nudge,
    stop: async () => {
      await loop.stop();
      mailer.close();
    },
  };
}
