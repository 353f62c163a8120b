/**
 * The frame every per-file transform shares: skip files that cannot hold a
 * site without parsing them, parse (reusing the previous transform's tree),
 * report sites under the transform's name, and print only when the rewrite
 * says it changed something. Each transform supplies just its rewrite.
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

/** A plain jscodeshift transform, `(file, api, options) => string | undefined`. */
export type Transform = (file: FileInfo, api: API, options?: TransformOptions) => string | undefined;

/**
 * Builds a transform from a cheap text test (`mayHaveSites`: false means the
 * file certainly has no site) and the rewrite that runs on the parsed tree.
 */
export function defineTransform(
  name: string,
  mayHaveSites: (source: string) => boolean,
  rewrite: Rewrite,
): Transform {
  return function transform(file, api, options = {}) {
    if (!mayHaveSites(file.source)) return undefined;
    const j = api.jscodeshift;
    const root = parse(j, file.source);
    const changed = rewrite({ j, root, log: new SiteLog(name, options), file });
    return finish(root, changed, file.source, j);
  };
}
