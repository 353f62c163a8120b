/** A file's outcome in a migrate summary, as the tools name it. */
import type { MigrationSummary } from "../migrate/run.js";
import { isOpen } from "./sites.js";

export const FILE_OUTCOMES = ["fully-migrated", "flagged", "no-sites", "failed"] as const;
export type FileOutcomeName = (typeof FILE_OUTCOMES)[number];

/** failed (not migrated), no-sites (never edited), flagged (a site open or a marker left) or fully-migrated. */
export function fileOutcome(summary: MigrationSummary, file: string): FileOutcomeName {
  if (summary.failures.some((f) => f.file === file) || summary.skipped.some((s) => s.file === file))
    return "failed";
  const sites = summary.legacySites.filter((s) => s.file === file);
  if (sites.length === 0) return "no-sites";
  return sites.some(isOpen) || summary.todos.some((t) => t.file === file) ? "flagged" : "fully-migrated";
}
