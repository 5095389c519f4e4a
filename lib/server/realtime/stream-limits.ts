import "server-only";
import { env } from "@/lib/server/platform/env";
import { tooManyRequests } from "@/lib/server/platform/errors";

/**
 * The open SSE streams of this process, and their caps (README, "Security"):
 * - STREAMS_PER_USER: a user opening one more closes their oldest (a forgotten tab gives way to
 *   the one in use; a browser never gets stuck);
 * - STREAMS_PER_IP: one client address opening more is answered 429;
 * - STREAMS_MAX: the ceiling of this instance, answered 429.
 * Counts are per app instance: each one holds its own connections, so N instances hold N × the
 * ceiling. Retry-After tells EventSource-style clients when to try again.
 */
export type StreamSlot = {
  /** The stream's own close, called when a newer stream of the same user takes its place. */
  onEvict(close: () => void): void;
  /** Frees the place; safe to call twice. */
  release(): void;
};

type Entry = { userId: number; ip: string; evict: () => void };
const g = globalThis as unknown as { __ffOpenStreams?: Set<Entry> };
// Insertion order is opening order: the first of a user's entries is their oldest stream.
const open = (g.__ffOpenStreams ??= new Set<Entry>());

const RETRY_AFTER_SECONDS = 30;

export function admitStream(userId: number, ip: string): StreamSlot {
  const { STREAMS_PER_USER, STREAMS_PER_IP, STREAMS_MAX } = env();
  const mine = [...open].filter((s) => s.userId === userId);
  const evicted = mine.slice(0, Math.max(0, mine.length - STREAMS_PER_USER + 1));
  const total = open.size - evicted.length;
  const fromIp =
    [...open].filter((s) => s.ip === ip).length - evicted.filter((s) => s.ip === ip).length;
  if (total >= STREAMS_MAX) {
    console.warn(
      `[streams] refused: instance ceiling STREAMS_MAX=${STREAMS_MAX} reached (user=${userId} ip=${ip})`,
    );
    throw tooManyRequests(
      RETRY_AFTER_SECONDS,
      "The server has too many live connections right now. Please try again shortly.",
    );
  }
  if (fromIp >= STREAMS_PER_IP) {
    console.warn(
      `[streams] refused: STREAMS_PER_IP=${STREAMS_PER_IP} reached for ip=${ip} (user=${userId})`,
    );
    throw tooManyRequests(
      RETRY_AFTER_SECONDS,
      "Too many live connections from this address. Please close a tab or try again shortly.",
    );
  }
  for (const old of evicted) {
    open.delete(old);
    old.evict();
  }
  let close = () => {};
  const entry: Entry = { userId, ip, evict: () => close() };
  open.add(entry);
  return {
    onEvict(fn) {
      close = fn;
    },
    release() {
      open.delete(entry);
    },
  };
}

/** How many streams this process holds (for tests and the health page). */
export function openStreamCount(): number {
  return open.size;
}
