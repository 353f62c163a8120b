/**
 * The built `oddkit-sdk mcp` (bin/oddkit-sdk.js after `npm run build`) for the
 * client tests: an HTTP server started as a child process on 127.0.0.1 (port
 * 0: a free one), its URL read from the one line it prints, stopped by
 * SIGTERM afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./support.js";

export const BIN = join(ROOT, "bin/oddkit-sdk.js");

export interface RunningHttp {
  readonly url: string;
  stop(): Promise<void>;
}

export function startHttp(extra: readonly string[] = []): Promise<RunningHttp> {
  const child: ChildProcess = spawn(process.execPath, [BIN, "mcp", "--http", "--port", "0", ...extra], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/^listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/);
      if (match) resolve({ url: match[1]!, stop });
    });
    child.once("exit", (code) => reject(new Error(`oddkit-sdk mcp --http exited ${code}: ${stderr}`)));
  });
}
