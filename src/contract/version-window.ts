/**
 * The deprecation window as a function of a server's version. The contract
 * lands at version N; the legacy envelope opt-in is accepted from N and
 * removed at N + window minors, where the window is 2 minors, or 3 when a
 * consumer migration spans more than one minor. The length is a setting of
 * its own, never a move of N (classing a real N server as pre-contract to
 * stretch the window would break it).
 *
 * Versions are compared by semver precedence: a pre-release (`0.30.0-rc.1`)
 * comes before its release, so it is before N; `0.32.0-rc.1` is still in a
 * window that ends at 0.32.0.
 *
 * Kept out of contract/index.ts on purpose: it needs `semver`, which the
 * client entry (browser/edge bundle) does not; the server, the shims and the
 * proxy import it directly.
 */
import semverCompare from "semver/functions/compare.js";
import semverParse from "semver/functions/parse.js";
import { LEGACY_OPT_IN_PARAM, LEGACY_WINDOW_MAX_MINORS, LEGACY_WINDOW_MINORS } from "./window.js";

/** The contract's landing version N. */
export const CONTRACT_VERSION = "0.30.0";

/** Window lengths the ledger allows, in minor versions after N. */
export const WINDOW_LENGTHS = [LEGACY_WINDOW_MINORS, LEGACY_WINDOW_MAX_MINORS] as const;
export type WindowLength = (typeof WINDOW_LENGTHS)[number];

export const ERAS = ["pre-contract", "window", "post-window"] as const;
export type Era = (typeof ERAS)[number];

export interface WindowOptions {
  /** The contract's landing version N (default CONTRACT_VERSION). */
  readonly n?: string;
  /** Minors the opt-in lives after N: 2 (default) or 3. */
  readonly windowMinors?: number;
}

/** A version or window length that cannot be used (names what was wrong and the accepted form). */
export class VersionWindowError extends Error {
  override readonly name = "VersionWindowError";
}

/** A parsed version (the fields this module uses; `version` is the normalised text). */
export interface ParsedVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: readonly (string | number)[];
  readonly version: string;
}

/** Parse a semver version (a leading `v` is accepted); throws VersionWindowError naming `what`. */
export function parseSemver(version: string, what = "version"): ParsedVersion {
  const parsed = typeof version === "string" ? semverParse(version.trim()) : null;
  if (parsed === null) {
    throw new VersionWindowError(
      `${what} ${JSON.stringify(version)} is not a semver version (MAJOR.MINOR.PATCH, optionally -prerelease, e.g. "0.30.1" or "0.30.0-rc.1")`,
    );
  }
  return parsed;
}

/** The window length, checked: 2 or 3. */
export function windowLength(value: number | undefined): WindowLength {
  const length = value ?? LEGACY_WINDOW_MINORS;
  if (!(WINDOW_LENGTHS as readonly number[]).includes(length)) {
    throw new VersionWindowError(
      `window length ${String(value)} is not allowed: the legacy envelope window runs ${LEGACY_WINDOW_MINORS} minors after N, or ${LEGACY_WINDOW_MAX_MINORS} when a consumer migration spans more than one minor`,
    );
  }
  return length as WindowLength;
}

/** The first version outside the window (0.32.0 for N = 0.30.0 and a window of 2). */
export function windowEndVersion(options: WindowOptions = {}): string {
  const n = parseSemver(options.n ?? CONTRACT_VERSION, "contract version N");
  return `${n.major}.${n.minor + windowLength(options.windowMinors)}.0`;
}

/** Where a server version stands: before N, in the window, or after it. */
export function eraOfVersion(version: string, options: WindowOptions = {}): Era {
  const v = parseSemver(version, "server version");
  const n = parseSemver(options.n ?? CONTRACT_VERSION, "contract version N");
  if (semverCompare(v.version, n.version) < 0) return "pre-contract";
  return semverCompare(v.version, windowEndVersion(options)) < 0 ? "window" : "post-window";
}

/**
 * Why a server at `version` refuses `include_legacy_envelope: true`, or null
 * when it accepts it (N ≤ v < N + window).
 */
export function legacyOptInRefusal(version: string, options: WindowOptions = {}): string | null {
  const era = eraOfVersion(version, options);
  if (era === "window") return null;
  const n = options.n ?? CONTRACT_VERSION;
  if (era === "pre-contract") {
    return `server version ${version} predates the contract (landing version ${n}): it has no ${LEGACY_OPT_IN_PARAM} and serves the legacy shape only`;
  }
  const end = windowEndVersion(options);
  return `${LEGACY_OPT_IN_PARAM} was removed in ${end} (the deprecation window ran from ${n} for ${windowLength(options.windowMinors)} minors); this server is ${version}. Migrate to the contract fields (oddkit-sdk migrate)`;
}
