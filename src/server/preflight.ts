/**
 * The contract preflight bundle for a task: what to read first, the
 * constraints that apply, the definition of done, then further relevant
 * documents — each entry with its `role`, all under the caller's filters.
 *
 * This project's rule (the contract leaves the bundle to the action):
 * - `start_here`: the 3 best BM25 matches for the task text;
 * - `constraint`: up to 5 constraint documents, best match for the task first
 *   (then by path). A constraint document declares `type: constraint(s)`, or
 *   carries a `constraint(s)` tag, or lives in a `constraints/` folder;
 * - `definition_of_done`: the first document (by path) whose path contains
 *   `definition-of-done` or that declares `type: definition-of-done`;
 * - `relevant`: the next 7 matches.
 * A document appears once, under the first role that takes it.
 */
import type { Filters, PreflightRole } from "../contract/index.js";
import { compileFilters } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";
import type { ServedCorpus } from "./state.js";

export const PREFLIGHT_BUNDLE = { start_here: 3, constraint: 5, definition_of_done: 1, relevant: 7 } as const;

const CONSTRAINT_TYPES = new Set(["constraint", "constraints"]);

function frontmatterText(doc: CorpusDocument, key: string): string {
  const v = doc.frontmatter[key];
  return typeof v === "string" ? v.toLowerCase() : "";
}

export function isConstraintDocument(doc: CorpusDocument): boolean {
  if (CONSTRAINT_TYPES.has(frontmatterText(doc, "type"))) return true;
  const tags = doc.frontmatter.tags;
  if (Array.isArray(tags) && tags.some((t) => CONSTRAINT_TYPES.has(String(t).toLowerCase()))) return true;
  return /(^|\/)constraints\//.test(doc.path);
}

export function isDefinitionOfDone(doc: CorpusDocument): boolean {
  return (
    doc.path.toLowerCase().includes("definition-of-done") ||
    frontmatterText(doc, "type") === "definition-of-done"
  );
}

export interface BundleEntry {
  readonly doc: CorpusDocument;
  readonly role: PreflightRole;
}

export function preflightBundle(served: ServedCorpus, task: string, filters: Filters): BundleEntry[] {
  // The filters are evaluated once per document; ranking, constraints and definition of done share the result.
  const kept = served.listed.filter(compileFilters(filters));
  const keptSet = new Set(kept);
  const ranked = served.index.search(task, (doc) => keptSet.has(doc));
  const rank = new Map(ranked.map((h, i) => [h.doc.path, i]));
  const bundle: BundleEntry[] = [];
  const taken = new Set<string>();
  const take = (docs: readonly CorpusDocument[], role: PreflightRole, max: number) => {
    let n = 0;
    for (const doc of docs) {
      if (n >= max) break;
      if (taken.has(doc.path)) continue;
      taken.add(doc.path);
      bundle.push({ doc, role });
      n++;
    }
  };
  const matches = ranked.map((h) => h.doc);
  take(matches, "start_here", PREFLIGHT_BUNDLE.start_here);
  const byRelevance = (a: CorpusDocument, b: CorpusDocument) =>
    (rank.get(a.path) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.path) ?? Number.MAX_SAFE_INTEGER);
  take(kept.filter(isConstraintDocument).sort(byRelevance), "constraint", PREFLIGHT_BUNDLE.constraint);
  take(kept.filter(isDefinitionOfDone), "definition_of_done", PREFLIGHT_BUNDLE.definition_of_done);
  take(matches, "relevant", PREFLIGHT_BUNDLE.relevant);
  return bundle;
}
