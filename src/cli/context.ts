/**
 * What every CLI command receives: where to write, whether the output is a
 * terminal, and how to report an exit code. Commands stay thin: they parse
 * flags, call the same functions the library exports, and format the answer.
 */
export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTTY: boolean;
  readonly cwd: string;
}

export interface CliContext {
  readonly io: CliIO;
  /** Set the process exit code (the highest code set wins). */
  exit(code: number): void;
  /** Register a cleanup to run when a long-running command (e.g. `serve`) is stopped or finishes. */
  readonly signal: AbortSignal;
}

export function processIO(): CliIO {
  return {
    stdout: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
    stderr: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
  };
}
