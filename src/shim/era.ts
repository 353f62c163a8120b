/**
 * Era detection: where a server stands relative to the contract's landing
 * version N. The legacy envelope opt-in exists from N and is removed at N+2
 * minors, so a server is pre-contract (v < N), in the window (N ≤ v < N+2
 * minors) or post-window (v ≥ N+2 minors).
 */

import { LEGACY_WINDOW_MINORS } from "../contract/index.js";

export const ERAS = ["pre-contract", "window", "post-window"] as const;
export type Era = (typeof ERAS)[number];

/** The contract's landing version unless a caller says otherwise. */
export const DEFAULT_CONTRACT_VERSION = "0.30.0";

export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

export class EraDetectionError extends Error {
  override readonly name = "EraDetectionError";
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/** Parse `MAJOR.MINOR.PATCH` (optional `v`, pre-release/build suffixes ignored); throws on anything else. */
export function parseVersion(version: string, what = "version"): SemVer {
  const match = SEMVER.exec(version.trim());
  if (!match) {
    throw new EraDetectionError(
      `${what} ${JSON.stringify(version)} is not a MAJOR.MINOR.PATCH version (e.g. "0.30.1"); pass { override: "window" } to set the era explicitly.`,
    );
  }
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

function compare(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export interface DetectEraOptions {
  /** The contract's landing version N (default 0.30.0). */
  readonly n?: string;
  /** Force an era (e.g. a server that misreports its version); skips parsing. */
  readonly override?: Era;
}

/** Classify a server version: pre-contract (v < N), window (N ≤ v < N+2 minors) or post-window. */
export function detectEra(version: string, options: DetectEraOptions = {}): Era {
  if (options.override !== undefined) {
    if (!(ERAS as readonly string[]).includes(options.override)) {
      throw new EraDetectionError(
        `era override ${JSON.stringify(options.override)} is not an era; use one of ${ERAS.join(", ")}.`,
      );
    }
    return options.override;
  }
  const n = parseVersion(options.n ?? DEFAULT_CONTRACT_VERSION, "contract version N");
  const v = parseVersion(version, "server version");
  if (compare(v, n) < 0) return "pre-contract";
  const end: SemVer = { major: n.major, minor: n.minor + LEGACY_WINDOW_MINORS, patch: 0 };
  return compare(v, end) < 0 ? "window" : "post-window";
}

/** What a server told us about its version, from the MCP handshake and/or `oddkit_version`. */
export interface VersionSources {
  /** MCP `serverInfo.version`. */
  readonly serverInfoVersion?: string | undefined;
  /** `server_version` / `oddkit_version` reported by the version tool. */
  readonly oddkitVersion?: string | undefined;
}

/**
 * Era from the versions a server reports. `oddkit_version` is the oddkit
 * release itself; MCP `serverInfo.version` is the same value on oddkit
 * (both come from ODDKIT_VERSION) but may be a wrapper's version behind a
 * proxy, so `oddkit_version` wins when both parse and they disagree.
 */
export function detectEraFrom(sources: VersionSources, options: DetectEraOptions = {}): Era {
  if (options.override !== undefined) return detectEra("0.0.0", options);
  const candidates = [sources.oddkitVersion, sources.serverInfoVersion].filter(
    (v): v is string => typeof v === "string" && SEMVER.test(v.trim()),
  );
  const chosen = candidates[0];
  if (chosen === undefined) {
    const seen = [sources.oddkitVersion, sources.serverInfoVersion].filter((v) => v !== undefined);
    throw new EraDetectionError(
      `cannot tell the server's era: no MAJOR.MINOR.PATCH version reported (saw ${
        seen.length ? seen.map((v) => JSON.stringify(v)).join(", ") : "none"
      }); pass { override: "pre-contract" | "window" | "post-window" }.`,
    );
  }
  return detectEra(chosen, options);
}

/** The first version outside the window for a landing version N (e.g. 0.32.0 for 0.30.0). */
export function windowEnd(n: string = DEFAULT_CONTRACT_VERSION): string {
  const v = parseVersion(n, "contract version N");
  return `${v.major}.${v.minor + LEGACY_WINDOW_MINORS}.0`;
}
