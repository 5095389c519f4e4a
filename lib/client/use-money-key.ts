"use client";

import { useCallback, useRef } from "react";
import { ApiError, newIdempotencyKey } from "./api";

/**
 * The Idempotency-Key of a call that moves money (docs/money.md, "Retries are safe"): one per
 * intent. A send that got no answer (the network dropped it, so the server may have done it) keeps
 * its key, so trying again replays what was done; once the server answered, the next send is new.
 */
export function useMoneyKey(): <T>(send: (key: string) => Promise<T>) => Promise<T> {
  const key = useRef<string | null>(null);
  return useCallback(async <T>(send: (key: string) => Promise<T>): Promise<T> => {
    const k = (key.current ??= newIdempotencyKey());
    try {
      const answer = await send(k);
      if (key.current === k) key.current = null;
      return answer;
    } catch (e) {
      if (e instanceof ApiError && key.current === k) key.current = null;
      throw e;
    }
  }, []);
}
