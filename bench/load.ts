/**
 * Bounded load against `oddkit-sdk serve`: the server runs in its own process
 * (the compiled CLI, over the bundled sample corpus, on a free port), and N
 * concurrent typed clients (no cache, so every call reaches the server) run a
 * mix of search / catalog / get for a fixed number of seconds. Prints
 * requests/s, p50/p99 latency, errors, and the server's RSS before and after
 * (and its peak, sampled each second). Then, side by side in one run, the
 * costs the hardening bounds: search time against query length (the cost is
 * linear in the terms, and the term bound caps it), and a 50 MB document's
 * snippet (whole plain text vs the bounded window).
 *
 *   npm run build && npx tsx bench/load.ts [--clients 8] [--seconds 20]
 *
 * RSS is read from /proc (Linux).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createOddkitClient } from "../src/index.js";
import { corpusFromFiles, createReferenceServer } from "../src/server/index.js";
import { plainText, querySnippet } from "../src/server/snippet.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CLIENTS = option("clients", 8);
const SECONDS = option("seconds", 20);
const BIN = fileURLToPath(new URL("../bin/oddkit-sdk.js", import.meta.url));

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

async function startServe(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const m = /^listening on (\S+)$/.exec(line.trim());
      if (m) resolve(m[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code} before listening`)));
  });
  return { child, url };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);

const WORDS = [
  "cache",
  "catalog",
  "essay",
  "canon",
  "disclosure",
  "contract",
  "journal",
  "handoff",
  "token",
  "search",
];

async function load(): Promise<void> {
  const { child, url } = await startServe();
  const pid = child.pid as number;
  try {
    // One warm-up call per action, so "before" is the served corpus at rest.
    const warm = createOddkitClient({ url, cache: false, countTokens: false, consumer: "bench-load" });
    const uris = (await warm.catalog({ limit: 200 })).data.map((e) => e.uri);
    await warm.search({ query: "cache" });
    await warm.close();
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
    }, 1_000);
    const latencies: number[] = [];
    let errors = 0;
    const firstErrors: string[] = [];
    const until = performance.now() + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const client = createOddkitClient({
          url,
          cache: false,
          countTokens: false,
          consumer: `bench-load-${c}`,
        });
        let i = c;
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const pick = i % 3;
            if (pick === 0)
              await client.search({ query: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}` });
            else if (pick === 1) await client.catalog({ limit: 25, offset: (i * 25) % 500 });
            else await client.get({ uri: uris[i % uris.length] as string });
            latencies.push(performance.now() - started);
          } catch (error) {
            errors++;
            if (firstErrors.length < 3)
              firstErrors.push(error instanceof Error ? error.message : String(error));
          }
          i += CLIENTS;
        }
        await client.close();
      }),
    );
    clearInterval(sampler);
    const after = rssKb(pid);
    latencies.sort((a, b) => a - b);
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(
      `load: ${CLIENTS} clients × ${SECONDS} s against serve (sample corpus), search/catalog/get round-robin`,
    );
    console.log("| requests | req/s | p50 ms | p99 ms | errors | RSS before | RSS peak | RSS after |");
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    console.log(
      `| ${latencies.length} | ${(latencies.length / SECONDS).toFixed(0)} | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} | ${errors} | ${mb(before)} | ${mb(peak)} | ${mb(after)} |`,
    );
    for (const e of firstErrors) console.log(`  error: ${e}`);
  } finally {
    child.kill("SIGTERM");
  }
}

/** Median ms of `runs` calls of `f`. */
async function median(runs: number, f: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function bounds(): Promise<void> {
  const server = await createReferenceServer();
  const vocabulary = server.corpus.documents
    .flatMap((d) => d.title.toLowerCase().split(/\W+/))
    .filter((w) => w.length > 3);
  console.log(
    "\nsearch cost against query terms (in-process tool call, median of 20; the bound is 64 terms)",
  );
  console.log("| terms | ms | ms per term |");
  console.log("| ---: | ---: | ---: |");
  for (const n of [4, 8, 16, 32, 64]) {
    const query = Array.from({ length: n }, (_, i) => vocabulary[(i * 13) % vocabulary.length]).join(" ");
    const ms = await median(20, () => server.callTool("oddkit", { action: "search", input: query }));
    console.log(`| ${n} | ${ms.toFixed(1)} | ${(ms / n).toFixed(2)} |`);
  }
  await server.close();

  const filler = "Lorem ipsum dolor sit amet, [consectetur](https://x.example) adipiscing *elit*. ";
  const body = `# Big\n\n${filler.repeat(Math.ceil((50 * 1024 * 1024) / filler.length))}The zeppelin moored at dawn.\n`;
  const doc = corpusFromFiles([{ path: "docs/big.md", text: body }]).documents[0];
  if (!doc) throw new Error("no document");
  const whole = await median(3, () => plainText(doc.body));
  const windowed = await median(3, () => querySnippet(doc, ["zeppelin"]));
  console.log("\nsnippet of a 50 MB document (median of 3)");
  console.log("| path | ms | ratio |");
  console.log("| --- | ---: | ---: |");
  console.log(`| whole body to plain text (before) | ${whole.toFixed(0)} | 1× |`);
  console.log(
    `| window around the first match (now) | ${windowed.toFixed(0)} | ${(whole / windowed).toFixed(1)}× faster |`,
  );
}

await load();
await bounds();
