/** `oddkit-sdk serve` run in-process through the CLI's main(), on a free port (shared by the serve tests). */
import type { CliIO } from "../../src/cli/context.js";
import { main } from "../../src/cli/main.js";

export interface Running {
  url: string;
  stdout: string[];
  stderr: string[];
  stop(): Promise<number>;
}

/** Start `serve` in-process and wait for its listening line. */
export async function serve(args: string[]): Promise<Running> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let announce: (url: string) => void = () => undefined;
  const announced = new Promise<string>((r) => {
    announce = r;
  });
  const io: CliIO = {
    stdout: (text) => {
      stdout.push(text);
      const m = /^listening on (\S+)$/.exec(text.trim());
      if (m) announce(m[1]!);
    },
    stderr: (text) => stderr.push(text),
    isTTY: false,
    cwd: process.cwd(),
  };
  const controller = new AbortController();
  const exit = main(["serve", ...args], io, controller.signal);
  const url = await Promise.race([
    announced,
    exit.then((code) => {
      throw new Error(`serve exited ${code} before listening: ${stderr.join("")}`);
    }),
  ]);
  return {
    url,
    stdout,
    stderr,
    stop: async () => {
      controller.abort();
      return exit;
    },
  };
}
