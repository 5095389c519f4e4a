/**
 * Runs `fn` with console.warn/error/log/info captured instead of printed, and answers every line
 * they were given (arguments joined by a space): for tests of what the server logs.
 */
export async function captureConsole(fn: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const original = {
    warn: console.warn,
    error: console.error,
    log: console.log,
    info: console.info,
  };
  for (const k of ["warn", "error", "log", "info"] as const)
    console[k] = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  try {
    await fn();
  } finally {
    Object.assign(console, original);
  }
  return lines;
}
