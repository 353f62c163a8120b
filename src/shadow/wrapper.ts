/**
 * The long-running shadow compare for an edge function (Supabase, Workers):
 * each request may, with probability `requestSampleRate`, run one comparison
 * in the background. Memory stays bounded whatever the traffic: counters, a
 * capped reason table and a ring buffer of the latest disagreements.
 */

import type { Filters } from "../contract/index.js";
import { type Disagreement, parseServerFilter, type ShadowDocument } from "./compare.js";
import { checkRate } from "./rate.js";
import {
  compareAll,
  fetchShadowInputs,
  type ShadowClient,
  type ShadowCounts,
  type ShadowOptions,
  ShadowTally,
} from "./run.js";

export interface ShadowWrapperOptions extends Omit<ShadowOptions, "client" | "maxDisagreements"> {
  /** Fraction of requests that trigger a comparison (default 0.01). */
  readonly requestSampleRate?: number;
  /** Latest disagreements kept (ring buffer, default 50). */
  readonly ringSize?: number;
  /** Distinct reasons tracked before the rest are pooled (default 50). */
  readonly maxReasons?: number;
}

export interface ShadowSnapshot extends ShadowCounts {
  readonly serverFilter: Filters;
  /** Comparison runs started and failed (a failure is counted, never thrown into the request). */
  readonly runs: number;
  readonly failedRuns: number;
  readonly lastError: string | null;
  /** Latest disagreements, oldest first. */
  readonly recent: Disagreement[];
}

export interface ShadowWrapper {
  /** Maybe run one comparison (sampled); resolves when done. Never rejects: failures are counted. */
  maybeRun(client: ShadowClient): Promise<boolean>;
  /** Compare documents the caller already holds against the URIs the server listed (always runs). */
  observe(documents: Iterable<ShadowDocument>, serverListed: Iterable<string>): void;
  snapshot(): ShadowSnapshot;
  reset(): void;
}

export function createShadowWrapper(options: ShadowWrapperOptions): ShadowWrapper {
  const serverFilter = parseServerFilter(options.serverFilter);
  const requestRate = checkRate("requestSampleRate", options.requestSampleRate ?? 0.01);
  const ringSize = options.ringSize ?? 50;
  if (!Number.isInteger(ringSize) || ringSize < 1)
    throw new RangeError(`ringSize must be a positive integer, got ${ringSize}`);
  const random = options.random ?? Math.random;
  let tally = new ShadowTally(options.maxReasons);
  let ring: Disagreement[] = [];
  let runs = 0;
  let failedRuns = 0;
  let lastError: string | null = null;

  const keep = (d: Disagreement) => {
    ring.push(d);
    if (ring.length > ringSize) ring.shift();
  };
  const observe = (documents: Iterable<ShadowDocument>, serverListed: Iterable<string>) =>
    compareAll(documents, new Set(serverListed), { ...options, serverFilter }, tally, keep);

  return {
    async maybeRun(client) {
      if (random() >= requestRate) return false;
      runs++;
      try {
        const { documents, listed } = await fetchShadowInputs(client, serverFilter);
        observe(documents, listed);
        return true;
      } catch (error) {
        failedRuns++;
        lastError = error instanceof Error ? error.message : String(error);
        return false;
      }
    },
    observe,
    snapshot: () => ({
      serverFilter,
      runs,
      failedRuns,
      lastError,
      ...tally.counts(),
      recent: [...ring],
    }),
    reset() {
      tally = new ShadowTally(options.maxReasons);
      ring = [];
      runs = 0;
      failedRuns = 0;
      lastError = null;
    },
  };
}
