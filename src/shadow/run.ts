/**
 * shadowCompare (one shot) and createShadowWrapper (long-running, for an edge
 * function): both fetch every document with its frontmatter and the
 * server-filtered listing, compare the two verdicts per document and log
 * one JSON line per disagreement.
 */
import type { OddkitClient } from "../client/types.js";
import { type Filters, KINDS, type KindMap } from "../contract/index.js";
import {
  compareOne,
  type Disagreement,
  type LocalPredicate,
  parseServerFilter,
  type ShadowDocument,
  shadowDocument,
} from "./compare.js";
import { checkRate } from "./rate.js";

export const SHADOW_SCHEMA_VERSION = 1;

/** What the shadow compare needs from a client: pagination over catalog. */
export type ShadowClient = Pick<OddkitClient, "paginate">;

export interface ShadowOptions {
  readonly client: ShadowClient;
  /** The server-side structural filter replacing the predicate, e.g. `{audience: "public", exposure: "public"}`. */
  readonly serverFilter: Filters;
  readonly localPredicate: LocalPredicate;
  /** Fraction of documents compared, 0..1 (default 1: all). */
  readonly sampleRate?: number;
  /** Receives one JSON line per disagreement. */
  readonly log?: (line: string) => void;
  /** Disagreements kept in the report (all are counted and logged; default 100). */
  readonly maxDisagreements?: number;
  /** Kind map of the knowledge base (to explain kind-set rejections). */
  readonly kindMap?: KindMap;
  /** Random source for sampling (default Math.random). */
  readonly random?: () => number;
}

export interface ReasonCount {
  readonly reason: string;
  readonly count: number;
  /** Up to 3 URIs. */
  readonly examples: readonly string[];
}

/** What a tally has counted: shared by the one-shot report and the wrapper's snapshot. */
export interface ShadowCounts {
  /** Documents compared (after sampling). */
  readonly compared: number;
  readonly agree: number;
  readonly disagree: number;
  readonly verdicts: {
    readonly bothInclude: number;
    readonly bothExclude: number;
    readonly serverOnly: number;
    readonly localOnly: number;
  };
  /** Disagreements grouped by reason, most frequent first. */
  readonly reasons: ReasonCount[];
}

export interface ShadowReport extends ShadowCounts {
  readonly schemaVersion: typeof SHADOW_SCHEMA_VERSION;
  readonly serverFilter: Filters;
  /** Documents fetched with metadata (every kind). */
  readonly documents: number;
  /** Documents the server listed under the filter. */
  readonly serverListed: number;
  /** The first `maxDisagreements` disagreements. */
  readonly disagreements: readonly Disagreement[];
  /** disagree / compared (0 when nothing was compared). */
  readonly divergence: number;
}

/** Every document with metadata (all five kinds), and the URIs the server lists under the filter. */
export async function fetchShadowInputs(
  client: ShadowClient,
  serverFilter: Filters,
): Promise<{ documents: ShadowDocument[]; listed: Set<string> }> {
  const documents: ShadowDocument[] = [];
  for await (const entry of client.paginate("catalog", { disclosure: ["metadata"], include: [...KINDS] })) {
    documents.push(shadowDocument(entry));
  }
  const listed = new Set<string>();
  for await (const entry of client.paginate("catalog", { ...serverFilter, disclosure: [] }))
    listed.add(entry.uri);
  return { documents, listed };
}

/** Counters and a bounded list: the state both the one-shot report and the wrapper keep. */
export class ShadowTally {
  bothInclude = 0;
  bothExclude = 0;
  serverOnly = 0;
  localOnly = 0;
  private readonly reasons = new Map<string, { count: number; examples: string[] }>();
  constructor(
    /** Distinct reasons tracked; further ones are counted under "(other reasons)". */
    private readonly maxReasons = 50,
  ) {}

  add(server: boolean, local: boolean, disagreement: Disagreement | null): void {
    if (server && local) this.bothInclude++;
    else if (!server && !local) this.bothExclude++;
    else if (server) this.serverOnly++;
    else this.localOnly++;
    if (!disagreement) return;
    let key = disagreement.reason;
    if (!this.reasons.has(key) && this.reasons.size >= this.maxReasons) key = "(other reasons)";
    const slot = this.reasons.get(key) ?? { count: 0, examples: [] };
    slot.count++;
    if (slot.examples.length < 3) slot.examples.push(disagreement.uri);
    this.reasons.set(key, slot);
  }

  get compared(): number {
    return this.bothInclude + this.bothExclude + this.serverOnly + this.localOnly;
  }
  get disagree(): number {
    return this.serverOnly + this.localOnly;
  }
  counts(): ShadowCounts {
    return {
      compared: this.compared,
      agree: this.compared - this.disagree,
      disagree: this.disagree,
      verdicts: {
        bothInclude: this.bothInclude,
        bothExclude: this.bothExclude,
        serverOnly: this.serverOnly,
        localOnly: this.localOnly,
      },
      reasons: this.reasonCounts(),
    };
  }
  reasonCounts(): ReasonCount[] {
    return [...this.reasons]
      .map(([reason, { count, examples }]) => ({ reason, count, examples: [...examples] }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
  }
}

/** Compare documents against a listing; updates the tally, logs and keeps disagreements. */
export function compareAll(
  documents: Iterable<ShadowDocument>,
  listed: ReadonlySet<string>,
  options: Omit<ShadowOptions, "client">,
  tally: ShadowTally,
  keep: (d: Disagreement) => void,
): void {
  const rate = checkRate("sampleRate", options.sampleRate ?? 1);
  const random = options.random ?? Math.random;
  for (const doc of documents) {
    if (rate < 1 && random() >= rate) continue;
    const server = listed.has(doc.uri);
    let local: boolean;
    try {
      local = options.localPredicate(doc) === true;
    } catch (error) {
      throw new Error(`local predicate threw on ${doc.uri}: ${(error as Error).message}`);
    }
    const disagreement = compareOne(doc, server, local, options.serverFilter, options.kindMap);
    tally.add(server, local, disagreement);
    if (disagreement) {
      options.log?.(JSON.stringify(disagreement));
      keep(disagreement);
    }
  }
}

export async function shadowCompare(options: ShadowOptions): Promise<ShadowReport> {
  const serverFilter = parseServerFilter(options.serverFilter);
  const { documents, listed } = await fetchShadowInputs(options.client, serverFilter);
  const tally = new ShadowTally();
  const kept: Disagreement[] = [];
  const max = options.maxDisagreements ?? 100;
  compareAll(documents, listed, { ...options, serverFilter }, tally, (d) => {
    if (kept.length < max) kept.push(d);
  });
  return {
    schemaVersion: SHADOW_SCHEMA_VERSION,
    serverFilter,
    documents: documents.length,
    serverListed: listed.size,
    ...tally.counts(),
    disagreements: kept,
    divergence: tally.compared === 0 ? 0 : tally.disagree / tally.compared,
  };
}
