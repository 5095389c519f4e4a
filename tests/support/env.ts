import { resetEnvCache } from "@/lib/server/platform/env";

/** Runs `fn` with these environment variables set (undefined = unset), then puts the old values back. */
export async function withEnv<T>(
  vars: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}
