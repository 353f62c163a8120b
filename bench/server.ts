/**
 * Reference server benchmark, one process, same machine:
 *
 * 1. corpus load and index build time, and search / catalog latency (p50,
 *    p99 of in-process tool calls, JSON serialisation included) at 566 (the
 *    bundled sample), 10,000 and 100,000 generated documents;
 * 2. the size (bytes, cl100k tokens) of the legacy fat catalog (`sort_by:
 *    path`, limit 500, every page) against each reference use case of
 *    consumers.md on the same corpus, printed as ratios.
 *
 *   npx tsx bench/server.ts [--sizes 566,10000,100000] [--cost-sizes 566,10000]
 *
 * 100,000 documents need a larger heap than Node's default:
 *   NODE_OPTIONS=--max-old-space-size=8192 npx tsx bench/server.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeCorpus } from "../scripts/generate-corpus.js";
import { byteLength } from "../src/bytes.js";
import { toolNameFor } from "../src/contract/index.js";
import { loadCorpus, sampleCorpusDir } from "../src/corpus/index.js";
import type { Corpus } from "../src/corpus/types.js";
import { USE_CASE_ROWS } from "../src/helpers/use-cases.js";
import { createReferenceServer, type ReferenceServer } from "../src/server/index.js";
import { countTokens } from "../src/tokens.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "566,10000,100000" },
    "cost-sizes": { type: "string", default: "566,10000" },
    calls: { type: "string", default: "200" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const costSizes = new Set(values["cost-sizes"].split(",").map(Number));
const CALLS = Number(values.calls);
const SAMPLE_SIZE = 566;

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (x: number) => x.toFixed(2);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(calls: (() => Promise<unknown>)[]): Promise<{ p50: number; p99: number }> {
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

interface SpeedRow {
  docs: number;
  loadS: number;
  indexS: number;
  search: { p50: number; p99: number };
  catalog: { p50: number; p99: number };
}

async function speed(
  docs: number,
  corpus: Corpus,
  loadS: number,
): Promise<{ row: SpeedRow; server: ReferenceServer }> {
  const started = performance.now();
  const server = await createReferenceServer({ corpus });
  const indexS = (performance.now() - started) / 1000;
  const meta = { consumer: "bench" };
  const queries = queriesOf(corpus, CALLS);
  await server.callTool("oddkit_search", { input: queries[0] }, meta); // warm the JIT
  const search = await time(queries.map((q) => () => server.callTool("oddkit_search", { input: q }, meta)));
  const catalog = await time(
    catalogRequests(CALLS).map((args) => () => server.callTool("oddkit_catalog", args, meta)),
  );
  return { row: { docs, loadS, indexS, search, catalog }, server };
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

async function main(): Promise<void> {
  console.log(
    `reference server: ${CALLS} in-process calls per latency figure (tool call + JSON), one process`,
  );
  const rows: SpeedRow[] = [];
  for (const docs of sizes) {
    const tmp = docs === SAMPLE_SIZE ? null : mkdtempSync(join(tmpdir(), `oddkit-bench-server-${docs}-`));
    try {
      const dir = tmp ? join(tmp, "corpus") : sampleCorpusDir();
      if (tmp) writeCorpus(dir, { docs });
      const started = performance.now();
      const corpus = await loadCorpus(dir);
      const loadS = (performance.now() - started) / 1000;
      const { row, server } = await speed(docs, corpus, loadS);
      rows.push(row);
      if (costSizes.has(docs)) await cost(corpus, server);
      await server.close();
    } finally {
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    }
  }
  console.log("\nload, index and latency");
  console.log(
    [
      "docs".padEnd(9),
      pad("load s", 9),
      pad("index s", 9),
      pad("search p50 ms", 15),
      pad("p99", 8),
      pad("catalog p50 ms", 16),
      pad("p99", 8),
      pad("search p50 vs 566", 19),
    ].join(""),
  );
  const base = rows[0]!;
  for (const r of rows) {
    console.log(
      [
        String(r.docs).padEnd(9),
        pad(r.loadS.toFixed(2), 9),
        pad(r.indexS.toFixed(2), 9),
        pad(ms(r.search.p50), 15),
        pad(ms(r.search.p99), 8),
        pad(ms(r.catalog.p50), 16),
        pad(ms(r.catalog.p99), 8),
        pad(`${(r.search.p50 / base.search.p50).toFixed(1)}×`, 19),
      ].join(""),
    );
  }
}

await main();
