/** Runs the CLI's `main(argv, io)` in-process and returns its exit code and output, as written. */
import { main } from "../../src/cli/main.js";

export interface MainRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runMain(argv: string[], cwd = "."): Promise<MainRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    isTTY: false,
    cwd,
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}
