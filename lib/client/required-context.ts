import { createContext, useContext } from "react";

/**
 * A React context that only works under its provider: the returned hook throws `missing` where
 * no provider is above it, rather than handing out an empty value.
 */
export function createRequiredContext<T>(missing: string) {
  const Context = createContext<T | null>(null);
  function useRequiredContext(): T {
    const value = useContext(Context);
    if (!value) throw new Error(missing);
    return value;
  }
  return [Context, useRequiredContext] as const;
}
