/**
 * The weekly cost, measured: the reference workload run through the real
 * client, helpers and cache against the embedded reference server over a
 * simulated week. The clock is injected (no real waiting); renders come at
 * `callsPerHour`, one reference use case each, in turn; the knowledge base
 * changes `changesPerDay` times a day (one public essay edited, the corpus
 * served anew, so its revision changes); the week starts with a cold cache,
 * as right after a change. What the server served — every tool call, version
 * probes included — is counted at the server front (served.ts), not by the
 * client.
 */

import type { CacheOptions } from "../client/cache/layer.js";
import { createOddkitClient } from "../client/index.js";
import type { OddkitClient } from "../client/types.js";
import { ACTIONS, type Action, VERSION_TOOL } from "../contract/index.js";
import { corpusFromFiles } from "../corpus/index.js";
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import { HELPERS, type HelperClient, USE_CASE_ROWS } from "../helpers/index.js";
import { createReferenceServer, type ReferenceServer } from "../server/index.js";
import { CountingServer, type ServedFigures, type TextTokenCounter } from "./served.js";

export const DAY_MS = 24 * 3_600_000;
export const WEEK_MS = 7 * DAY_MS;
/** Where the simulated week's clock starts (a Monday; any fixed instant would do). */
const WEEK_START = Date.UTC(2026, 0, 5);

/** How the simulated site caches: not at all, a plain TTL, or the client's default TTLs with revision-keyed revalidation. */
export type WeekPolicy = "no-cache" | "ttl" | "revalidate";

/** The arguments of the use cases that take one. */
export interface UseCaseArguments {
  readonly query: string;
  readonly uri: string;
  readonly pathPrefix: string;
}

export interface WeekOptions {
  /** The knowledge base at the start of the week. */
  readonly corpus: Corpus;
  readonly policy: WeekPolicy;
  readonly callsPerHour: number;
  /** TTL of the `ttl` policy, in seconds. */
  readonly ttlSeconds: number;
  readonly changesPerDay: number;
  readonly inputs: UseCaseArguments;
  readonly countTokens: TextTokenCounter;
  /** The week's knowledge-base states, to share between weeks of several policies (default: built for this week, closed after it). */
  readonly knowledgeBase?: WeekKnowledgeBase;
}

export interface WeekMeasurement {
  readonly policy: WeekPolicy;
  readonly renders: number;
  /** Knowledge-base changes made during the week. */
  readonly changes: number;
  /** Everything the server served: tool calls, UTF-8 bytes, tokens. */
  readonly served: ServedFigures;
  /** The version probes among them. */
  readonly probes: ServedFigures;
}

/** The argument a use case row takes, if any. */
export function useCaseArgument(
  row: (typeof USE_CASE_ROWS)[number],
  inputs: UseCaseArguments,
): string | undefined {
  return row.input === "query"
    ? inputs.query
    : row.input === "uri"
      ? inputs.uri
      : row.input === "path_prefix"
        ? inputs.pathPrefix
        : undefined;
}

/** A use case's helper called as the reference site calls it. */
export function renderUseCase(
  client: HelperClient,
  row: (typeof USE_CASE_ROWS)[number],
  inputs: UseCaseArguments,
): Promise<{ data: unknown }> {
  const argument = useCaseArgument(row, inputs);
  const helper = HELPERS[row.functionName as keyof typeof HELPERS] as (
    client: HelperClient,
    ...args: unknown[]
  ) => Promise<{ data: unknown }>;
  return argument === undefined ? helper(client) : helper(client, argument);
}

/**
 * The knowledge base after its `n`-th change: the corpus's files with one public essay edited
 * (a new paragraph), turn by turn over the essays, earlier edits kept.
 */
export class ChangingCorpus {
  readonly #files: { path: string; text: string }[];
  readonly #editable: number[];
  readonly #base: Corpus;
  #changes = 0;

  constructor(base: Corpus) {
    this.#base = base;
    this.#files = base.documents.map((d: CorpusDocument) => ({ path: d.path, text: d.raw }));
    this.#editable = base.documents
      .map((d, i) => [d, i] as const)
      .filter(([d]) => d.kind === "essays" && d.frontmatter.audience === "public")
      .map(([, i]) => i);
    if (this.#editable.length === 0) this.#editable.push(...base.documents.map((_, i) => i));
  }

  get changes(): number {
    return this.#changes;
  }

  /** One more edit; the corpus as it now is. */
  next(): Corpus {
    const index = this.#editable[this.#changes % this.#editable.length] as number;
    this.#changes++;
    const file = this.#files[index] as { path: string; text: string };
    file.text = `${file.text.trimEnd()}\n\nRevised (change ${this.#changes} of the simulated week).\n`;
    return corpusFromFiles(this.#files, {
      kindMap: this.#base.kindMap,
      kindMapSource: this.#base.kindMapSource,
      root: this.#base.root,
    });
  }
}

/**
 * The servers of a week's knowledge-base states (the start, then after each change), built on
 * first use and shared by every week run over them: a server keeps no state of its clients.
 */
export class WeekKnowledgeBase {
  readonly #base: Corpus;
  readonly #changing: ChangingCorpus;
  readonly #servers: Promise<ReferenceServer>[] = [];

  constructor(base: Corpus) {
    this.#base = base;
    this.#changing = new ChangingCorpus(base);
  }

  /** The server of the knowledge base after `changes` changes. */
  server(changes: number): Promise<ReferenceServer> {
    while (this.#servers.length <= changes) {
      const corpus = this.#servers.length === 0 ? this.#base : this.#changing.next();
      this.#servers.push(createReferenceServer({ corpus }));
    }
    return this.#servers[changes] as Promise<ReferenceServer>;
  }

  async close(): Promise<void> {
    await Promise.all(this.#servers.map(async (server) => (await server).close()));
  }
}

function cacheFor(policy: WeekPolicy, ttlSeconds: number, now: () => number): false | CacheOptions {
  if (policy === "no-cache") return false;
  if (policy === "revalidate") return { now };
  const ttl = ttlSeconds * 1000;
  return {
    now,
    revalidate: false,
    ttlMs: Object.fromEntries(ACTIONS.map((a) => [a, ttl])) as Record<Action, number>,
  };
}

function checkRate(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative number, got ${value}`);
}

/** One simulated week of the reference workload under `policy`, counted at the server. */
export async function measureWeek(options: WeekOptions): Promise<WeekMeasurement> {
  const { policy, callsPerHour, ttlSeconds, changesPerDay } = options;
  checkRate("callsPerHour", callsPerHour);
  checkRate("ttlSeconds", ttlSeconds);
  checkRate("changesPerDay", changesPerDay);
  const renderEvery = callsPerHour > 0 ? 3_600_000 / callsPerHour : Number.POSITIVE_INFINITY;
  const changeEvery = changesPerDay > 0 ? DAY_MS / changesPerDay : Number.POSITIVE_INFINITY;
  const knowledgeBase = options.knowledgeBase ?? new WeekKnowledgeBase(options.corpus);
  let changes = 0;
  const served = new CountingServer(await knowledgeBase.server(0), options.countTokens);
  let now = WEEK_START;
  let client: OddkitClient | null = null;
  try {
    client = createOddkitClient({ server: served, cache: cacheFor(policy, ttlSeconds, () => now) });
    let renders = 0;
    let nextChange = changeEvery;
    for (let t = 0; t < WEEK_MS; t += renderEvery) {
      while (nextChange <= t) {
        served.switchTo(await knowledgeBase.server(++changes));
        nextChange += changeEvery;
      }
      now = WEEK_START + t;
      const row = USE_CASE_ROWS[renders % USE_CASE_ROWS.length] as (typeof USE_CASE_ROWS)[number];
      try {
        await renderUseCase(client, row, options.inputs);
      } catch (error) {
        throw new Error(
          `simulated week (${policy}): use case ${row.id} (${row.functionName}) failed at hour ${(t / 3_600_000).toFixed(2)}: ${(error as Error).message}`,
        );
      }
      renders++;
    }
    const { total, byTool } = await served.tally();
    const probes = byTool.get(VERSION_TOOL) ?? { calls: 0, bytes: 0, tokens: 0 };
    return { policy, renders, changes, served: total, probes };
  } finally {
    await client?.close();
    if (!options.knowledgeBase) await knowledgeBase.close();
  }
}
