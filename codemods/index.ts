/**
 * The registry of jscodeshift transforms, in the order `migrate` runs them.
 * Each later transform reads what the earlier ones wrote: action tool names
 * before parameters; the fat catalog before response reads (a call kept on
 * the legacy envelope keeps its legacy reads); client adoption last, on calls
 * the others made contract calls. Client adoption is opt-in
 * (`--transforms adopt-client`): it makes the code depend on `oddkit-sdk`,
 * while the default transforms keep each call's own transport. The type-driven
 * `response-types` transform (ts-morph) runs after these, over the whole
 * project at once (see codemods/migrate/types-pass.ts); it is only named here, so
 * that worker processes never load ts-morph.
 */
import type { API, FileInfo } from "jscodeshift";
import adoptClient, { name as adoptClientName } from "./adopt-client.js";
import fatCatalog, { name as fatCatalogName } from "./fat-catalog.js";
import { RESPONSE_TYPES } from "./lib/names.js";
import type { TransformOptions } from "./lib/report.js";
import type { TreeStep } from "./lib/transform.js";
import responseAccess, { name as responseAccessName } from "./response-access.js";
import toolParameters, { name as toolParametersName } from "./tool-parameters.js";
import umbrella, { name as umbrellaName } from "./umbrella-to-action-tools.js";

/** A jscodeshift transform; the registry's also carry their tree step (one parse per file in a pipeline). */
export interface SourceTransform {
  (file: FileInfo, api: API, options?: TransformOptions): string | undefined;
  readonly tree?: TreeStep;
}

export interface TransformEntry {
  readonly name: string;
  readonly kind: "jscodeshift" | "ts-morph";
  readonly run?: SourceTransform;
  /** Not run by default: only when named in `--transforms` (it adds an `oddkit-sdk` dependency). */
  readonly optIn?: boolean;
}

export const TRANSFORMS: readonly TransformEntry[] = [
  { name: umbrellaName, kind: "jscodeshift", run: umbrella },
  { name: toolParametersName, kind: "jscodeshift", run: toolParameters },
  { name: fatCatalogName, kind: "jscodeshift", run: fatCatalog },
  { name: responseAccessName, kind: "jscodeshift", run: responseAccess },
  { name: adoptClientName, kind: "jscodeshift", run: adoptClient, optIn: true },
  { name: RESPONSE_TYPES, kind: "ts-morph" },
];

export const TRANSFORM_NAMES = TRANSFORMS.map((t) => t.name);
/** What runs when no `--transforms` are named: everything but the opt-in transforms. */
const DEFAULT_TRANSFORMS = TRANSFORMS.filter((t) => !t.optIn);
export const DEFAULT_TRANSFORM_NAMES = DEFAULT_TRANSFORMS.map((t) => t.name);

/** Pick transforms by name (in registry order); unknown names are an error naming the valid ones. */
export function selectTransforms(names?: readonly string[]): TransformEntry[] {
  if (!names || names.length === 0) return [...DEFAULT_TRANSFORMS];
  const unknown = names.filter((n) => !TRANSFORM_NAMES.includes(n));
  if (unknown.length > 0) {
    throw new Error(`unknown transform(s): ${unknown.join(", ")}. Valid: ${TRANSFORM_NAMES.join(", ")}`);
  }
  return TRANSFORMS.filter((t) => names.includes(t.name));
}
