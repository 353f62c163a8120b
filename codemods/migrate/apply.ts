/**
 * Run the jscodeshift transforms over one file's text, in registry order.
 * Pure: text in, text (or "unchanged", or the error) out; the caller decides
 * what to write. A file that fails to parse is reported, never rewritten.
 */
import type { API } from "jscodeshift";
import type { TransformEntry } from "../index.js";
import { CALL_ONLY_TRANSFORMS } from "../lib/names.js";
import type { SiteEvent } from "../lib/report.js";
import { mentionsOddkit } from "../lib/shapes.js";
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
  const api: API = { jscodeshift: j, j, stats: () => {}, report: () => {} };
  const sites: SiteEvent[] = [];
  const sink = (event: SiteEvent) => sites.push(event);
  let current = source;
  const capture = startsCallOnly(transforms) ? CALL_ONLY_TRANSFORMS.length : -1;
  let callOnly: string | undefined;
  for (const [index, transform] of transforms.entries()) {
    if (index === capture) callOnly = current;
    if (!transform.run) continue;
    try {
      const next = transform.run({ path, source: current }, api, { sink });
      if (next !== undefined) current = next;
    } catch (error) {
      return {
        output: source,
        changed: false,
        sites: [],
        error: { transform: transform.name, message: error instanceof Error ? error.message : String(error) },
      };
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
