/**
 * Run the jscodeshift transforms over one file's text, in registry order.
 * Pure: text in, text (or "unchanged", or the error) out; the caller decides
 * what to write. A file that fails to parse is reported, never rewritten.
 */
import type { API } from "jscodeshift";
import type { TransformEntry } from "../index.js";
import { CALL_ONLY_TRANSFORMS } from "../lib/names.js";
import { runOnOneTree, StepError } from "../lib/one-tree.js";
import type { SiteEvent } from "../lib/report.js";
import { canKeepReprints } from "../lib/reprint.js";
import { mentionsOddkit } from "../lib/shapes.js";
import type { TreeStep } from "../lib/transform.js";
import { jscodeshiftFor } from "./parser.js";

export interface ApplyResult {
  readonly output: string;
  readonly changed: boolean;
  readonly sites: readonly SiteEvent[];
  /** The transform that threw (usually a parse error), and its message. */
  readonly error?: { readonly transform: string; readonly message: string };
  /**
   * The text after the call-only transforms (CALL_ONLY_TRANSFORMS), when the
   * pipeline starts with exactly them: the engine's fallback text for the
   * file, which it would otherwise compute again by running them alone.
   */
  readonly callOnly?: string;
}

/** Does the pipeline start with exactly the call-only transforms, in their order? */
function startsCallOnly(transforms: readonly TransformEntry[]): boolean {
  return CALL_ONLY_TRANSFORMS.every((name, i) => transforms[i]?.name === name && transforms[i]?.run);
}

export function applyTransforms(
  path: string,
  source: string,
  transforms: readonly TransformEntry[],
): ApplyResult {
  // Files that never mention oddkit hold no call site: they are not even parsed (and stay byte-identical).
  if (!mentionsOddkit(source)) return { output: source, changed: false, sites: [] };
  const j = jscodeshiftFor(path);
  const sites: SiteEvent[] = [];
  const sink = (event: SiteEvent) => sites.push(event);
  const capture = startsCallOnly(transforms) ? CALL_ONLY_TRANSFORMS.length : -1;
  const steps = transforms.filter((t) => t.run).map((t) => t.run?.tree);
  const failed = (transform: string, error: unknown): ApplyResult => ({
    output: source,
    changed: false,
    sites: [],
    error: { transform, message: error instanceof Error ? error.message : String(error) },
  });
  // Every transform of the registry exposes its tree step: the file is parsed once (lib/one-tree.ts).
  if (canKeepReprints && steps.every((step) => step !== undefined)) {
    try {
      const run = runOnOneTree(j, { path, source }, steps as TreeStep[], { sink }, capture);
      return {
        output: run.output,
        changed: run.output !== source,
        sites,
        ...(run.textAfter !== undefined ? { callOnly: run.textAfter } : {}),
      };
    } catch (error) {
      if (error instanceof StepError) return failed(error.transform, error.cause);
      throw error;
    }
  }
  // Transforms from elsewhere (plain jscodeshift functions): text from one to the next.
  const api: API = { jscodeshift: j, j, stats: () => {}, report: () => {} };
  let current = source;
  let callOnly: string | undefined;
  for (const [index, transform] of transforms.entries()) {
    if (index === capture) callOnly = current;
    if (!transform.run) continue;
    try {
      const next = transform.run({ path, source: current }, api, { sink });
      if (next !== undefined) current = next;
    } catch (error) {
      return failed(transform.name, error);
    }
  }
  if (transforms.length === capture) callOnly = current;
  return {
    output: current,
    changed: current !== source,
    sites,
    ...(callOnly !== undefined ? { callOnly } : {}),
  };
}
