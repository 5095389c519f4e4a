import "server-only";

/**
 * A background loop (the standing-order worker, the email sender): `round` runs `firstMs` after
 * start and then every `intervalMs`; rounds never overlap (a tick while one runs is skipped), a
 * failed round is logged and the next tick tries again, and the timers never keep the process
 * alive. Returns a stop function that waits for the round in flight.
 */
export function startLoop(
  round: () => Promise<void>,
  opts: { firstMs: number; intervalMs: number; log: (message: string) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) =>
        opts.log(
          `round failed, retrying next round: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, opts.firstMs);
  const every = setInterval(run, opts.intervalMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
