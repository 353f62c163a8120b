/**
 * `migrate_check`: the `--check` gate's answer (the CI gate of docs/ci/):
 * detection only, every oddkit site with its status; it passes while no
 * legacy site is left neither migrated nor marked.
 */
import { z } from "zod";
import { MIGRATE_EXIT } from "../../migrate/run.js";
import { checkRun } from "../engine-run.js";
import { siteSchema } from "../sites.js";
import { withTarget } from "../target.js";
import { targetShape } from "./target-input.js";

export const migrateCheckInput = z.object(targetShape);

const located = z.object({ file: z.string(), line: z.number().int(), reason: z.string() });

export const migrateCheckOutput = z.object({
  passed: z
    .boolean()
    .describe("true: no legacy site is left unmigrated and unmarked (`migrate --check` exits 0)"),
  exitCode: z
    .number()
    .int()
    .describe("`migrate --check`'s exit code: 0 passed, 1 unmigrated sites or a failed file"),
  files: z.object({ scanned: z.number().int(), withSites: z.number().int() }),
  sites: z.array(siteSchema).describe("every oddkit site found, legacy or contract, with its status"),
  unmigrated: z
    .array(siteSchema)
    .describe("the sites that fail the gate: migrate them (migrate_file) or mark them"),
  markers: z.array(located).describe("TODO(oddkit-migrate) markers already in the files"),
  failures: z.array(z.object({ file: z.string(), message: z.string() })),
  skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type MigrateCheckResult = z.infer<typeof migrateCheckOutput>;

export function migrateCheck(
  input: z.infer<typeof migrateCheckInput>,
  root: string | undefined,
): Promise<MigrateCheckResult> {
  return withTarget(input, root, async (target) => {
    const { summary } = await checkRun(target);
    return {
      passed: summary.exitCode === MIGRATE_EXIT.ok,
      exitCode: summary.exitCode,
      files: { scanned: summary.files.scanned, withSites: summary.files.withSites },
      sites: summary.legacySites,
      unmigrated: summary.legacySites.filter((s) => s.status === "unmigrated"),
      markers: summary.todos,
      failures: summary.failures.map((f) => ({ file: f.file, message: f.message })),
      skipped: summary.skipped,
    };
  });
}
