import "server-only";

/** A running background loop: `nudge()` asks for a round now, `stop()` ends it. */
export type Loop = {
  /** Runs a round at once, or right after the one in flight. */
  nudge: () => void;
  /** No round starts after this; resolves once the round in flight has finished. */
  stop: () => Promise<void>;
};

/**
 * Every background loop of the app (docs/architecture.md, "Background work"): the Sheets outbox
 * worker, the standing-order worker, the email sender and housekeeping. `round` runs `firstMs`
 * after start, then `intervalMs` after the previous round ended, or after as many ms as the round
 * returned (0: at once, more work is waiting). Rounds never overlap; a failed round is logged and
 * the next one tries again; the timer never keeps the process alive.
 */
export function startLoop(
  round: () => Promise<number | void>,
  opts: { firstMs: number; intervalMs: number; log: (message: string) => void },
): Loop {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref?.();
  };
  const run = () => {
    timer = null;
    if (stopped) return;
    running = round()
      .catch((error: unknown) => {
        opts.log(
          `round failed, retrying next round: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .then((next) => {
        running = null;
        const wait = again ? 0 : typeof next === "number" ? Math.max(0, next) : opts.intervalMs;
        again = false;
        schedule(wait);
      });
  };
  schedule(opts.firstMs);

  return {
    nudge() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
