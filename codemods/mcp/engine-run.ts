/**
 * The engine runs the tools make: `migrate` itself (codemods/migrate/run.ts),
 * dry or as `--check`, in this process, over a scratch folder or the root.
 * Nothing here writes: a dry run never writes and a check reads only.
 */
import type { DecisionChoices } from "../migrate/decisions.js";
import { type MigrationRun, migrate } from "../migrate/run.js";
import type { EngineTarget } from "./target.js";

/** What `migrate --dry` (with `--decide`) would write over the target. */
export function dryRun(target: EngineTarget, decisions?: DecisionChoices): Promise<MigrationRun> {
  return migrate({
    paths: target.paths,
    cwd: target.cwd,
    dry: true,
    poolMode: "in-process",
    ...(decisions ? { decisions } : {}),
  });
}

/** `migrate --check` over the target. */
export function checkRun(target: EngineTarget): Promise<MigrationRun> {
  return migrate({ paths: target.paths, cwd: target.cwd, check: true });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `run` after every tool call before it in this process, whichever server or HTTP request
 * it came from: each call loads a type-checked project (hundreds of MB for a large app), and two
 * at once would only share the same cores. A failure is its own call's.
 */
export function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
