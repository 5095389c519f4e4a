import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * Runs one of scripts/ as an operator would (`node --import tsx --conditions=react-server`), with
 * `env` added to this process's; answers its exit code and output, whether it succeeded or not.
 */
export function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", script, "--", ...args],
    { env: { ...process.env, ...env } },
  ).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout,
      err: e.stderr,
    }),
  );
}
