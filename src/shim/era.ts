/**
 * Era detection: where a server stands relative to the contract's landing
 * version N and the window length (2 minors, or 3). A server is pre-contract
 * (v < N, pre-releases of N included), in the window (N ≤ v < N + window)
 * or post-window (v ≥ N + window). The rule itself lives in
 * src/contract/version-window.ts; this module adds the shims' options
 * (explicit override) and reads the versions a server reports.
 */

import {
  CONTRACT_VERSION,
  ERAS,
  type Era,
  eraOfVersion,
  VersionWindowError,
  type WindowOptions,
  windowEndVersion,
  windowLength,
} from "../contract/version-window.js";
import { EraDetectionError } from "../errors/index.js";

export { ERAS, type Era, EraDetectionError };

/** The contract's landing version unless a caller says otherwise. */
export const DEFAULT_CONTRACT_VERSION = CONTRACT_VERSION;

export interface DetectEraOptions {
  /** The contract's landing version N (default 0.30.0). Never move N to lengthen the window: use windowMinors. */
  readonly n?: string;
  /** Minors the legacy envelope window runs after N: 2 (default) or 3 (a migration spanning more than one minor). */
  readonly windowMinors?: number;
  /** Force an era (e.g. a server that misreports its version); skips parsing. */
  readonly override?: Era;
}

function windowOptions(options: DetectEraOptions): WindowOptions {
  return {
    ...(options.n !== undefined ? { n: options.n } : {}),
    ...(options.windowMinors !== undefined ? { windowMinors: options.windowMinors } : {}),
  };
}

/** Classify a server version: pre-contract (v < N), window (N ≤ v < N + window) or post-window. */
export function detectEra(version: string, options: DetectEraOptions = {}): Era {
  if (options.override !== undefined) {
    if (!(ERAS as readonly string[]).includes(options.override)) {
      throw new EraDetectionError(
        `era override ${JSON.stringify(options.override)} is not an era; use one of ${ERAS.join(", ")}.`,
      );
    }
    return options.override;
  }
  try {
    return eraOfVersion(version, windowOptions(options));
  } catch (error) {
    if (error instanceof VersionWindowError) {
      throw new EraDetectionError(
        `${error.message}; pass { override: "window" } to set the era explicitly.`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

/** What a server told us about its version, from the MCP handshake and/or `oddkit_version`. */
export interface VersionSources {
  /** MCP `serverInfo.version`. */
  readonly serverInfoVersion?: string | undefined;
  /** `server_version` / `oddkit_version` reported by the version tool. */
  readonly oddkitVersion?: string | undefined;
}

function isVersion(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    eraOfVersion(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Era from the versions a server reports. `oddkit_version` is the oddkit
 * release itself; MCP `serverInfo.version` is the same value on oddkit
 * (both come from ODDKIT_VERSION) but may be a wrapper's version behind a
 * proxy, so `oddkit_version` wins when both parse and they disagree.
 */
export function detectEraFrom(sources: VersionSources, options: DetectEraOptions = {}): Era {
  if (options.override !== undefined) return detectEra("0.0.0", options);
  const chosen = [sources.oddkitVersion, sources.serverInfoVersion].find(isVersion);
  if (chosen === undefined) {
    const seen = [sources.oddkitVersion, sources.serverInfoVersion].filter((v) => v !== undefined);
    throw new EraDetectionError(
      `cannot tell the server's era: no semver version reported (saw ${
        seen.length ? seen.map((v) => JSON.stringify(v)).join(", ") : "none"
      }); pass { override: "pre-contract" | "window" | "post-window" }.`,
    );
  }
  return detectEra(chosen.trim(), options);
}

/** The first version outside the window for a landing version N (0.32.0 for 0.30.0; 0.33.0 with windowMinors 3). */
export function windowEnd(n: string = DEFAULT_CONTRACT_VERSION, windowMinors?: number): string {
  try {
    return windowEndVersion({ n, ...(windowMinors !== undefined ? { windowMinors } : {}) });
  } catch (error) {
    throw new EraDetectionError((error as Error).message, { cause: error });
  }
}

/** Validate a window length option early (2 or 3), for shims and proxies built with one. */
export function checkWindowMinors(windowMinors: number | undefined): number {
  try {
    return windowLength(windowMinors);
  } catch (error) {
    throw new EraDetectionError((error as Error).message, { cause: error });
  }
}
