/**
 * The project-wide, type-driven pass (ts-morph `response-types`), run after
 * the per-file transforms over every TypeScript file as those left it. Files
 * that failed are left out and never written.
 */
import { isTypeScriptPath } from "../lib/ast.js";
import type { SiteEvent } from "../lib/report.js";
import { mayDeclareShape } from "../lib/shapes.js";
import { type FileOutcome, scanTodos } from "./transform-file.js";

/** `sources`: every file's text as the pool read it (the pass reads nothing again). */
export async function applyTypePass(
  outcomes: readonly FileOutcome[],
  sources: ReadonlyMap<string, string>,
): Promise<FileOutcome[]> {
  const current = new Map<string, string>();
  for (const outcome of outcomes) {
    if (outcome.status === "failed" || !isTypeScriptPath(outcome.file)) continue;
    // A file the pool settled unread (not UTF-8 text) has no text to type-check.
    const text = outcome.after ?? sources.get(outcome.file);
    if (text !== undefined) current.set(outcome.file, text);
  }
  if (![...current.values()].some(mayDeclareShape)) return [...outcomes];
  const sites: SiteEvent[] = [];
  // Loaded on demand: ts-morph (and the compiler) cost a second to load.
  const { transformProject } = await import("../response-types.js");
  const changed = transformProject(
    [...current].map(([path, source]) => ({ path, source })),
    { sink: (event) => sites.push(event) },
  );
  if (changed.size === 0) return [...outcomes];
  return outcomes.map((outcome) => {
    const after = changed.get(outcome.file);
    if (after === undefined) return outcome;
    const before = outcome.before ?? (current.get(outcome.file) as string);
    const fileSites = sites.filter((s) => s.file === outcome.file);
    return {
      ...outcome,
      status: after === before ? "unchanged" : "changed",
      before,
      after,
      sites: [...outcome.sites, ...fileSites],
      todos: scanTodos(after),
    };
  });
}
