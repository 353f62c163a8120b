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
