/**
 * What every CLI command receives: where to write, whether the output is a
 * terminal, and how to report an exit code. Commands stay thin: they parse
 * flags, call the same functions the library exports, and format the answer.
 */
import pc from "picocolors";

export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stdout is a terminal: progress may be drawn (on stderr) and output coloured. */
  readonly isTTY: boolean;
  readonly cwd: string;
  /** Colour the output (a terminal without NO_COLOR); false when piped. Default: false. */
  readonly color?: boolean;
}

/** picocolors' functions, real or identity depending on `CliIO.color`. */
export type Colors = ReturnType<typeof pc.createColors>;

export interface CliContext {
  readonly io: CliIO;
  readonly color: Colors;
  /** Set the process exit code (the highest code set wins). */
  exit(code: number): void;
  /** Register a cleanup to run when a long-running command (e.g. `serve`) is stopped or finishes. */
  readonly signal: AbortSignal;
}

/**
 * Colour only on a terminal, never with NO_COLOR set (https://no-color.org) or
 * TERM=dumb; FORCE_COLOR forces it (CI logs that render ANSI).
 */
export function wantsColor(isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return isTTY && env.TERM !== "dumb";
}

export function colorsFor(io: CliIO): Colors {
  return pc.createColors(io.color === true);
}

export function processIO(): CliIO {
  const isTTY = Boolean(process.stdout.isTTY);
  return {
    stdout: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
    stderr: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
    isTTY,
    cwd: process.cwd(),
    color: wantsColor(isTTY),
  };
}
