/**
 * Progress for long commands: a spinner on stderr when stdout is a terminal
 * (nanospinner, on picocolors), nothing when piped — the output lines alone
 * then say what finished. `print` writes a finished part of the output
 * without garbling the spinner line.
 */
import { createSpinner, type Spinner } from "nanospinner";
import type { CliContext } from "./context.js";

export interface Progress {
  /** Say what runs now. */
  update(text: string): void;
  /** Print finished output (stdout) above the spinner. */
  print(text: string): void;
  /** Remove the spinner (idempotent). */
  stop(): void;
}

export function startProgress(ctx: CliContext, text: string): Progress {
  const stream = process.stderr;
  if (!ctx.io.isTTY || !stream.isTTY) {
    return { update: () => undefined, print: (t) => ctx.io.stdout(t), stop: () => undefined };
  }
  let spinner: Spinner | null = createSpinner(text, {
    stream,
    color: ctx.io.color ? "cyan" : "white",
  }).start();
  return {
    update: (next) => {
      spinner?.update({ text: next });
    },
    print: (t) => {
      spinner?.clear();
      ctx.io.stdout(t);
      spinner?.render();
    },
    stop: () => {
      spinner?.stop();
      spinner = null;
    },
  };
}
