import "server-only";

/**
 * How an outbox row's delivery stands, as the ops console's Outboxes screen shows it for emails
 * and Sheets rows alike (its status, which differs by outbox, comes first).
 */
export const deliveryOf = (r: {
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
}) => ({
  attempts: r.attempts,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
});
