/** A captured CliIO for running `main(argv, io)` in-process. */
import type { CliIO } from "../../src/cli/context.js";
import { main } from "../../src/cli/main.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(argv: string[], cwd: string = process.cwd()): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (t) => {
      stdout += t.endsWith("\n") ? t : `${t}\n`;
    },
    stderr: (t) => {
      stderr += t.endsWith("\n") ? t : `${t}\n`;
    },
    isTTY: false,
    cwd,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
