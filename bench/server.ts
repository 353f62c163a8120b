/**
 * Reference server benchmark, same machine, one child process per corpus size
 * (so each size's resident memory is its own):
 *
 * 1. start (corpus load + index build, seconds), peak RSS, and p50 / p99 of
 *    in-process search, catalog and get calls (JSON serialisation included)
 *    at 1,000, 10,000 and 100,000 generated documents, with the goals
 *    (search p50 growth ≤ 10× from 1k to 100k; ≤ 1.5 GB RSS and start ≤ 30 s
 *    at 100k) printed beside the figures;
 * 2. the size (bytes, cl100k tokens) of the legacy fat catalog (`sort_by:
 *    path`, limit 500, every page) against each reference use case of
 *    the reference consumer's use cases on the same corpus, printed as ratios (--cost-sizes).
 *
 *   npx tsx bench/server.ts [--sizes 1000,10000,100000] [--cost-sizes 566] [--corpora DIR]
 *
 * Generated corpora are written to --corpora (default: a temporary folder,
 * removed afterwards) and reused when a folder there already holds one of the
 * same size. 566 is the bundled sample corpus.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { MARKER_FILE, writeCorpus } from "../scripts/generate-corpus.js";
import { byteLength } from "../src/bytes.js";
import { toolNameFor } from "../src/contract/index.js";
import { sampleCorpusDir } from "../src/corpus/index.js";
import type { Corpus } from "../src/corpus/types.js";
import { USE_CASE_ROWS } from "../src/helpers/use-cases.js";
import { createReferenceServer, type ReferenceServer } from "../src/server/index.js";
import { loadServedCorpus } from "../src/server/search/folder-load.js";
import { readCachedPostings } from "../src/server/search/index-cache.js";
import { SearchIndex } from "../src/server/search-index.js";
import { countTokens } from "../src/tokens.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    "cost-sizes": { type: "string", default: "566" },
    calls: { type: "string", default: "200" },
    corpora: { type: "string" },
    /** Internal: measure one corpus folder in this process and print its row as JSON. */
    one: { type: "string" },
    docs: { type: "string" },
  },
});
const CALLS = Number(values.calls);
const SAMPLE_SIZE = 566;
/** The goals (issue 16, "reference server" rows). */
export const SERVER_GOALS = { searchGrowth: 10, rssMB: 1536, startS: 30 } as const;

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (x: number) => x.toFixed(2);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Latency {
  p50: number;
  p99: number;
}

async function time(calls: (() => Promise<unknown>)[]): Promise<Latency> {
  const samples: number[] = [];
  for (const call of calls) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** Search queries drawn from the corpus's own titles (two words each), spread across it. */
function queriesOf(corpus: Corpus, n: number): string[] {
  const docs = corpus.documents;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const words = docs[Math.floor((i * docs.length) / n)]!.title.split(/\s+/).filter((w) => w.length > 3);
    out.push(words.slice(0, 2).join(" ") || "caching");
  }
  return out;
}

/** Catalog requests cycling through sorts, filters, flags and pages. */
function catalogRequests(n: number): Record<string, unknown>[] {
  const shapes: Record<string, unknown>[] = [
    { limit: 25 },
    { sort_by: "date", limit: 100 },
    { audience: "public", exposure: "public", disclosure: ["blockquote"], limit: 100 },
    { audience: "canon", tier: [1, 2], disclosure: ["metadata"], limit: 100 },
    { include: "journals", path_prefix: "odd/handoffs/", disclosure: ["blockquote"], limit: 25 },
    { limit: 500, offset: 500 },
  ];
  return Array.from({ length: n }, (_, i) => shapes[i % shapes.length]!);
}

/** Get requests for documents spread across the corpus, alternating the default and the body disclosure. */
function getRequests(corpus: Corpus, n: number): Record<string, unknown>[] {
  const docs = corpus.documents;
  return Array.from({ length: n }, (_, i) => ({
    input: docs[Math.floor((i * docs.length) / n)]!.uri,
    ...(i % 2 === 1 ? { disclosure: ["body"] } : {}),
  }));
}

interface SpeedRow {
  docs: number;
  loadS: number;
  indexS: number;
  /** Load + index again, the index read from the on-disk cache the first start wrote (CLI serve/search/report). */
  warmStartS: number;
  rssMB: number;
  search: Latency;
  catalog: Latency;
  get: Latency;
  /** p50 of the index's ranking alone for the same queries, pruned top-k vs scoring every match, interleaved. */
  ranking?: { prunedP50: number; exhaustiveP50: number };
}

/**
 * The ranking alone (no tool call, no snippets), the pruned top-k (`rank`) and the exhaustive
 * scorer (`rankExhaustive`) interleaved query by query on the same index: their ratio is
 * measured side by side, whatever the machine's load.
 */
function rankingSideBySide(corpus: Corpus, indexCache: string): { prunedP50: number; exhaustiveP50: number } {
  const postings = readCachedPostings(indexCache, corpus.root, corpus.revision, corpus.documents.length);
  const index = new SearchIndex(corpus.documents, postings ?? undefined);
  const keep = index.keepMask("bench", () => true);
  const queries = queriesOf(corpus, CALLS);
  const pruned: number[] = [];
  const exhaustive: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      let started = performance.now();
      const a = index.rank(q, keep, 10);
      pruned.push(performance.now() - started);
      started = performance.now();
      const b = index.rankExhaustive(q, keep, 10);
      exhaustive.push(performance.now() - started);
      if (
        a.total !== b.total ||
        a.hits.some((h, i) => h.doc !== b.hits[i]!.doc || h.score !== b.hits[i]!.score)
      ) {
        throw new Error(`pruned and exhaustive rankings differ for ${JSON.stringify(q)}`);
      }
    }
  }
  const p50 = (xs: number[]) =>
    percentile(
      xs.sort((x, y) => x - y),
      50,
    );
  return { prunedP50: p50(pruned), exhaustiveP50: p50(exhaustive) };
}

async function speed(
  docs: number,
  corpus: Corpus,
  loadS: number,
  indexCache: string,
): Promise<{ row: Omit<SpeedRow, "warmStartS">; server: ReferenceServer }> {
  const started = performance.now();
  const server = await createReferenceServer({ corpus, indexCache });
  const indexS = (performance.now() - started) / 1000;
  const meta = { consumer: "bench" };
  const queries = queriesOf(corpus, CALLS);
  await server.callTool("oddkit_search", { input: queries[0] }, meta); // warm the JIT
  const search = await time(queries.map((q) => () => server.callTool("oddkit_search", { input: q }, meta)));
  const catalog = await time(
    catalogRequests(CALLS).map((args) => () => server.callTool("oddkit_catalog", args, meta)),
  );
  const get = await time(
    getRequests(corpus, CALLS).map((args) => () => server.callTool("oddkit_get", args, meta)),
  );
  const rssMB = process.resourceUsage().maxRSS / 1024;
  return { row: { docs, loadS, indexS, rssMB, search, catalog, get }, server };
}

interface Size {
  bytes: number;
  tokens: number;
  calls: number;
}

async function sizeOf(texts: string[]): Promise<Size> {
  let bytes = 0;
  let tokens = 0;
  for (const text of texts) {
    bytes += byteLength(text);
    tokens += await countTokens(text);
  }
  return { bytes, tokens, calls: texts.length };
}

const textOf = (r: { content: { text: string }[] }) => r.content[0]!.text;

/** Every page of a catalog call (offset += limit until total is reached). */
async function allPages(server: ReferenceServer, tool: string, args: Record<string, unknown>, limit: number) {
  const texts: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const response = await server.callTool(tool, { ...args, limit, offset }, { consumer: "bench" });
    texts.push(textOf(response));
    const result = JSON.parse(textOf(response)).result as {
      total?: number;
      pagination?: { has_more: boolean };
    };
    const more = result.pagination ? result.pagination.has_more : offset + limit < (result.total ?? 0);
    if (!more) return texts;
  }
}

async function cost(corpus: Corpus, contract: ReferenceServer): Promise<void> {
  const legacy = await createReferenceServer({ corpus, mode: "legacy" });
  const fat = await sizeOf(await allPages(legacy, "oddkit_catalog", { sort_by: "path" }, 500));
  const essays = corpus.documents
    .filter((d) => d.kind === "essays")
    .sort((a, b) => a.body.length - b.body.length);
  const essay = essays[Math.floor(essays.length / 2)] ?? corpus.documents[0]!;
  const query = queriesOf(corpus, 1)[0]!;
  const prefix = corpus.documents.some((d) => d.path.startsWith("writings/")) ? "writings/" : "canon/";
  console.log(
    `\nlegacy fat catalog (sort_by path, limit 500, every page) on ${corpus.documents.length} documents: ${fat.calls} call(s), ${fat.bytes.toLocaleString("en-US")} bytes, ${fat.tokens.toLocaleString("en-US")} tokens (${(fat.tokens / corpus.documents.length).toFixed(0)} tokens/doc)`,
  );
  console.log(
    [
      "use case".padEnd(40),
      pad("calls", 6),
      pad("bytes", 12),
      pad("tokens", 10),
      pad("fat/use (tokens)", 18),
    ].join(""),
  );
  for (const row of USE_CASE_ROWS) {
    const args: Record<string, unknown> = { ...row.filters, disclosure: [...row.disclosure] };
    if (row.input === "query") args.input = query;
    if (row.input === "uri") args.input = essay.uri;
    if (row.input === "path_prefix") args.path_prefix = prefix;
    const tool = toolNameFor(row.action);
    const texts = row.paginate
      ? await allPages(contract, tool, args, row.limit)
      : [
          textOf(
            await contract.callTool(tool, row.action === "get" ? args : { ...args, limit: row.limit }, {
              consumer: "bench",
            }),
          ),
        ];
    const size = await sizeOf(texts);
    console.log(
      [
        row.title.slice(0, 39).padEnd(40),
        pad(size.calls, 6),
        pad(size.bytes.toLocaleString("en-US"), 12),
        pad(size.tokens.toLocaleString("en-US"), 10),
        pad(`${(fat.tokens / size.tokens).toFixed(1)}×`, 18),
      ].join(""),
    );
  }
  await legacy.close();
}

/** A folder holding a generated corpus of `docs` documents (written when missing). */
function corpusDir(docs: number, cache: string): string {
  if (docs === SAMPLE_SIZE) return sampleCorpusDir();
  const dir = join(cache, `generated-${docs}`);
  const marker = join(dir, MARKER_FILE);
  const ready = existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).docs === docs;
  if (!ready) writeCorpus(dir, { docs });
  return dir;
}

/** Child process: load, index and time one corpus; print the row as JSON on the last line. */
async function measureOne(dir: string, docs: number): Promise<void> {
  const indexCache = mkdtempSync(join(tmpdir(), "oddkit-bench-index-"));
  try {
    const started = performance.now();
    // The CLI's load (serve): parsed documents cached beside the index (the first load writes the
    // cache); a large folder is read by worker threads, its index built beside the reads.
    const corpus = await loadServedCorpus(dir, { parseCache: indexCache });
    const loadS = (performance.now() - started) / 1000;
    const { row, server } = await speed(docs, corpus, loadS, indexCache);
    if (new Set(values["cost-sizes"].split(",").map(Number)).has(docs)) await cost(corpus, server);
    await server.close();
    const ranking = rankingSideBySide(corpus, indexCache);
    // A second start on the unchanged corpus, as the CLI's next serve/search/report sees it. The
    // peak RSS above was read before it (the first corpus may not be collected yet).
    const warmStarted = performance.now();
    const warm = await createReferenceServer({
      corpus: await loadServedCorpus(dir, { parseCache: indexCache }),
      indexCache,
    });
    const warmStartS = (performance.now() - warmStarted) / 1000;
    if (warm.indexSource !== "cache") throw new Error("the second start did not read the index cache");
    await warm.close();
    console.log(JSON.stringify({ ...row, warmStartS, ranking }));
  } finally {
    rmSync(indexCache, { recursive: true, force: true });
  }
}

export async function serverRows(sizes: number[], cache?: string): Promise<SpeedRow[]> {
  const tmp = cache ?? mkdtempSync(join(tmpdir(), "oddkit-bench-server-"));
  const rows: SpeedRow[] = [];
  try {
    for (const docs of sizes) {
      const dir = corpusDir(docs, tmp);
      // A child per size: its peak RSS is this size's alone, and no heap of the previous size lingers.
      const out = execFileSync(
        process.execPath,
        [
          // Node's default heap limit, as `oddkit-sdk serve` runs: the peak RSS is what a user sees.
          ...process.execArgv,
          fileURLToPath(import.meta.url),
          "--one",
          dir,
          "--docs",
          String(docs),
          "--calls",
          String(CALLS),
          "--cost-sizes",
          values["cost-sizes"],
        ],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 },
      );
      const lines = out.trimEnd().split("\n");
      for (const line of lines.slice(0, -1)) console.log(line);
      rows.push(JSON.parse(lines.at(-1)!) as SpeedRow);
    }
  } finally {
    if (!cache) rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}

export function printServerRows(rows: readonly SpeedRow[]): void {
  console.log("\nstart, memory and latency (one child process per size)");
  console.log(
    [
      "docs".padEnd(8),
      pad("load s", 8),
      pad("index s", 8),
      pad("warm s", 8),
      pad("peak RSS MB", 12),
      pad("search p50", 11),
      pad("p99", 8),
      pad("catalog p50", 12),
      pad("p99", 8),
      pad("get p50", 9),
      pad("p99", 8),
      pad("rank top-k/full p50", 22),
    ].join(""),
  );
  for (const r of rows) {
    console.log(
      [
        String(r.docs).padEnd(8),
        pad(r.loadS.toFixed(2), 8),
        pad(r.indexS.toFixed(2), 8),
        pad(r.warmStartS.toFixed(2), 8),
        pad(r.rssMB.toFixed(0), 12),
        pad(ms(r.search.p50), 11),
        pad(ms(r.search.p99), 8),
        pad(ms(r.catalog.p50), 12),
        pad(ms(r.catalog.p99), 8),
        pad(ms(r.get.p50), 9),
        pad(ms(r.get.p99), 8),
        pad(
          r.ranking
            ? `${ms(r.ranking.prunedP50)}/${ms(r.ranking.exhaustiveP50)} = ${(r.ranking.prunedP50 / r.ranking.exhaustiveP50).toFixed(2)}`
            : "—",
          22,
        ),
      ].join(""),
    );
  }
  const first = rows[0]!;
  const last = rows.at(-1)!;
  if (rows.length < 2) return;
  const growth = last.search.p50 / first.search.p50;
  const start = last.loadS + last.indexS;
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(`\ngoals (${first.docs} → ${last.docs} documents)`);
  console.log(
    `goal: server search p50 growth ${growth.toFixed(1)}× (${ms(first.search.p50)} → ${ms(last.search.p50)} ms; catalog ${(last.catalog.p50 / first.catalog.p50).toFixed(1)}×)   goal ≤ ${SERVER_GOALS.searchGrowth}×   ${verdict(growth <= SERVER_GOALS.searchGrowth)}`,
  );
  console.log(
    `goal: server peak RSS at ${last.docs}: ${last.rssMB.toFixed(0)} MB   goal ≤ ${SERVER_GOALS.rssMB} MB   ${verdict(last.rssMB <= SERVER_GOALS.rssMB)}`,
  );
  console.log(
    `goal: server cold start at ${last.docs}: ${start.toFixed(1)} s (load ${last.loadS.toFixed(1)} + index ${last.indexS.toFixed(1)})   goal ≤ ${SERVER_GOALS.startS} s   ${verdict(start <= SERVER_GOALS.startS)}`,
  );
  console.log(
    `goal: server warm start at ${last.docs} (index from the on-disk cache): ${last.warmStartS.toFixed(1)} s   goal ≤ ${SERVER_GOALS.startS} s   ${verdict(last.warmStartS <= SERVER_GOALS.startS)}`,
  );
}

async function main(): Promise<void> {
  if (values.one) {
    await measureOne(values.one, Number(values.docs));
    return;
  }
  console.log(
    `reference server: ${CALLS} in-process calls per latency figure (tool call + JSON), one child process per size`,
  );
  const rows = await serverRows(values.sizes.split(",").map(Number), values.corpora);
  printServerRows(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
