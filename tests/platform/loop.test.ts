/** startLoop (lib/server/platform/loop.ts): the one way every background loop runs. Fake timers: no waiting. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLoop } from "@/lib/server/platform/loop";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A round the test finishes by hand, so "in flight" is a state it controls. */
function manualRounds() {
  const started: Array<(next?: number | Error) => void> = [];
  const round = () =>
    new Promise<number | void>((resolve, reject) => {
      started.push((next) => (next instanceof Error ? reject(next) : resolve(next)));
    });
  /** Lets `ms` of fake time pass; how many rounds have started by then. */
  const startedAfter = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    return started.length;
  };
  return { round, started, startedAfter };
}

describe("startLoop", () => {
  it("starts once after firstMs, then runs intervalMs after each round ends, never two at a time", async () => {
    const { round, started, startedAfter } = manualRounds();
    const loop = startLoop(round, { firstMs: 1_000, intervalMs: 5_000, log: () => undefined });
    expect(await startedAfter(999)).toBe(0);
    expect(await startedAfter(1)).toBe(1);
    // A long round: no second one starts beside it, however long it takes.
    expect(await startedAfter(60_000)).toBe(1);
    started[0]();
    expect(await startedAfter(4_999)).toBe(1);
    expect(await startedAfter(1)).toBe(2);
    started[1]();
    await loop.stop();
  });

  it("runs the next round when the round asks (0: at once), and a nudge runs one now or right after the one in flight", async () => {
    const { round, started, startedAfter } = manualRounds();
    const loop = startLoop(round, { firstMs: 0, intervalMs: 60_000, log: () => undefined });
    expect(await startedAfter(0)).toBe(1);
    started[0](0); // more work is waiting
    expect(await startedAfter(0)).toBe(2);
    started[1](250);
    expect(await startedAfter(250)).toBe(3);
    loop.nudge(); // during a round: one more right after it, not beside it
    loop.nudge();
    expect(started).toHaveLength(3);
    started[2]();
    expect(await startedAfter(0)).toBe(4);
    started[3]();
    expect(await startedAfter(0)).toBe(4); // the two nudges made one round
    loop.nudge(); // idle: at once
    expect(await startedAfter(0)).toBe(5);
    started[4]();
    await loop.stop();
  });

  it("logs a failed round and tries again at the next one", async () => {
    const { round, started } = manualRounds();
    const lines: string[] = [];
    const loop = startLoop(round, { firstMs: 0, intervalMs: 100, log: (m) => lines.push(m) });
    await vi.advanceTimersByTimeAsync(0);
    started[0](new Error("database unreachable"));
    await vi.advanceTimersByTimeAsync(100);
    expect(lines).toEqual(["round failed, retrying next round: database unreachable"]);
    expect(started).toHaveLength(2);
    started[1]();
    await loop.stop();
  });

  it("stop waits for the round in flight and starts no other, nudged or not", async () => {
    const { round, started, startedAfter } = manualRounds();
    const loop = startLoop(round, { firstMs: 0, intervalMs: 100, log: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    loop.nudge();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    started[0](0);
    await stopping;
    expect(await startedAfter(1_000)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a loop stopped before its first round never runs it", async () => {
    const { round, startedAfter } = manualRounds();
    const loop = startLoop(round, { firstMs: 1_000, intervalMs: 100, log: () => undefined });
    await loop.stop();
    expect(await startedAfter(10_000)).toBe(0);
  });
});
