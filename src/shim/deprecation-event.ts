/** What the deprecation tracker reports for one legacy use (and `LegacyUsageError` carries). */
import type { CodemodName, LegacyUseKind } from "./codemods.js";
import type { Era } from "./era.js";

export const LEGACY_POLICIES = ["warn", "error", "silent"] as const;
export type LegacyPolicy = (typeof LEGACY_POLICIES)[number];

/** One legacy use as the shim observed it. */
export interface LegacyUse {
  readonly kind: LegacyUseKind;
  /** Tool called (`oddkit`, `oddkit_catalog`, …). */
  readonly tool: string;
  /** Retrieval action, when known. */
  readonly action?: string;
  /** What exactly is legacy, in words (e.g. "parameter include_metadata"). */
  readonly detail: string;
}

export interface DeprecationEvent extends LegacyUse {
  readonly codemod: CodemodName;
  /** `file:line:column` of the caller's frame. */
  readonly callSite: string;
  readonly message: string;
  /** True on the first use of this kind at this call site in this tracker (the one that warns). */
  readonly first: boolean;
  readonly policy: LegacyPolicy;
  readonly era: Era | undefined;
}
