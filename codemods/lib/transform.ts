/**
 * The frame every per-file transform shares: skip files that cannot hold a
 * site without parsing them, parse, report sites under the transform's name,
 * and print only when the rewrite says it changed something. Each transform
 * supplies just its rewrite.
 *
 * Each transform is a plain jscodeshift transform (text in, text out) for
 * users who run one by hand, and also carries its parts (`tree`), so that a
 * pipeline (`runOnOneTree` in one-tree.ts, what `migrate` runs) parses a file once and lets
 * every transform rewrite the same tree in turn (each changing transform's text is still
 * printed, as the chain printed it, but never parsed again).
 */
import type { API, Collection, FileInfo, JSCodeshift } from "jscodeshift";
import { finish, parse, SiteLog, type TransformOptions } from "./report.js";

export interface RewriteContext {
  readonly j: JSCodeshift;
  readonly root: Collection;
  readonly log: SiteLog;
  readonly file: FileInfo;
}

/** Rewrites the tree in place; returns whether it changed anything. */
export type Rewrite = (context: RewriteContext) => boolean;

/** A transform's parts: the cheap text test and the rewrite of a parsed tree. */
export interface TreeStep {
  readonly name: string;
  /** False means the file certainly has no site (the file is then not parsed for this transform). */
  readonly mayHaveSites: (source: string) => boolean;
  readonly rewrite: Rewrite;
}

/** A plain jscodeshift transform, `(file, api, options) => string | undefined`, with its parts. */
export interface Transform {
  (file: FileInfo, api: API, options?: TransformOptions): string | undefined;
  readonly tree?: TreeStep;
}

/**
 * Builds a transform from a cheap text test (`mayHaveSites`: false means the
 * file certainly has no site) and the rewrite that runs on the parsed tree.
 */
export function defineTransform(
  name: string,
  mayHaveSites: (source: string) => boolean,
  rewrite: Rewrite,
): Transform {
  function transform(file: FileInfo, api: API, options: TransformOptions = {}): string | undefined {
    if (!mayHaveSites(file.source)) return undefined;
    const j = api.jscodeshift;
    const root = parse(j, file.source);
    const changed = rewrite({ j, root, log: new SiteLog(name, options), file });
    return finish(root, changed, file.source, j);
  }
  return Object.assign(transform, { tree: { name, mayHaveSites, rewrite } satisfies TreeStep });
}
