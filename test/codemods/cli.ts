/** Run the CLI in-process with captured output. */
import type { CliIO } from "../../src/cli/context.js";
import { main } from "../../src/cli/main.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(argv: string[], cwd: string, isTTY = false): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (s) => {
      out.push(s);
    },
    stderr: (s) => {
      err.push(s);
    },
    isTTY,
    cwd,
  };
  const code = await main(argv, io);
  return { code, stdout: out.join(""), stderr: err.join("\n") };
}
