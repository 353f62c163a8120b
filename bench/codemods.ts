/**
 * Codemod throughput: files per second of `oddkit-sdk migrate` on a generated
 * 2,000-file repository, side by side with jscodeshift running a no-op
 * transform (parse every file, change nothing) over the same files, in one run.
 *
 * The repository (written to os.tmpdir()) mixes 10% legacy oddkit consumers
 * (search/get/catalog calls over raw fetch JSON-RPC and wrapper calls) with
 * 90% unrelated TypeScript, like a real application. Both tools run dry (no
 * writes) with the same number of worker processes. `migrate` skips parsing
 * files without an oddkit tool-name literal; the "every file parsed" rows put
 * such literals in every file, so that each file is parsed (once: the tree
 * is shared while no transform changes the text), walked by three of the
 * four per-file transforms and printed by none, for a like-for-like
 * comparison of parsing work.
 *
 *   npm run build && npx tsx bench/codemods.ts [files=2000] [workers=2]
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compiledWorkerPath } from "../src/migrate/pool.js";
import { migrate } from "../src/migrate/run.js";

const require = createRequire(import.meta.url);
const FILES = Number(process.argv[2] ?? 2000);
const WORKERS = Number(process.argv[3] ?? 2);

const legacy = (i: number) => `// Search function ${i}.
const ODDKIT_URL = "https://oddkit.example/mcp?consumer=bench";

export async function search${i}(query: string) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: ${i}, method: "tools/call", params: { name: "oddkit_search", arguments: { input: query, include_metadata: true } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.hits.map((hit: any) => ({ href: hit.path, title: hit.title, tags: hit.tags }));
}

export async function doc${i}(call: (t: string, a: object) => Promise<any>, uri: string) {
  const envelope = await call("oddkit", { action: "get", input: uri });
  return envelope.result.content;
}
`;

/** Tool names as data: every per-file transform but fat-catalog walks a file holding them. */
const MENTION = 'export const TOOLS = ["oddkit", "oddkit_search"] as const; // no result read\n';

const unrelated = (
  i: number,
  mention: boolean,
) => `${mention ? MENTION : ""}import { EventEmitter } from "node:events";

/** Module ${i}: generics, classes, unions and a little async. */
export interface Item${i}<T extends { id: string }> {
  readonly value: T;
  readonly tags: readonly string[];
}

export class Registry${i}<T extends { id: string }> extends EventEmitter {
  readonly #items = new Map<string, Item${i}<T>>();
  add(value: T, ...tags: string[]): this {
    this.#items.set(value.id, { value, tags });
    this.emit("add", value.id);
    return this;
  }
  find(predicate: (item: Item${i}<T>) => boolean): Item${i}<T> | undefined {
    for (const item of this.#items.values()) if (predicate(item)) return item;
    return undefined;
  }
}

export const settings${i} = { retries: ${i % 5}, mode: "strict" } as const satisfies Record<string, unknown>;

export async function load${i}(ids: string[]): Promise<Array<{ id: string; ok: boolean }>> {
  return Promise.all(ids.map(async (id) => ({ id, ok: id.length % 2 === 0 })));
}
`;

async function generate(dir: string, mentionEverywhere: boolean): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, "src", `area${i % 40}`);
    await mkdir(sub, { recursive: true });
    const path = join(sub, `module${i}.ts`);
    await writeFile(path, i % 10 === 0 ? legacy(i) : unrelated(i, mentionEverywhere));
    paths.push(path);
  }
  return paths;
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
}

async function jscodeshiftNoop(dir: string, paths: string[]): Promise<number> {
  const transform = join(dir, "noop-transform.cjs");
  await writeFile(
    transform,
    "module.exports = (file, api) => { api.jscodeshift(file.source); return undefined; };\n",
  );
  const { run } = require("jscodeshift/src/Runner.js") as {
    run(t: string, p: string[], o: Record<string, unknown>): Promise<unknown>;
  };
  return timeIt(() =>
    run(transform, paths, {
      dry: true,
      silent: true,
      verbose: 0,
      parser: "ts",
      cpus: WORKERS,
      babel: false,
      extensions: "ts",
    }),
  );
}

async function main(): Promise<void> {
  if (!compiledWorkerPath()) {
    console.error("bench/codemods: build first (npm run build): the migrate pool runs the compiled worker");
    process.exit(1);
  }
  const root = await mkdtemp(join(tmpdir(), "oddkit-codemods-bench-"));
  try {
    const rows: { name: string; seconds: number }[] = [];
    for (const mentionEverywhere of [false, true]) {
      const dir = join(root, mentionEverywhere ? "all-parsed" : "mixed");
      const paths = await generate(dir, mentionEverywhere);
      const label = mentionEverywhere ? "every file parsed" : "10% legacy files";
      rows.push({ name: `jscodeshift no-op (${label})`, seconds: await jscodeshiftNoop(dir, paths) });
      rows.push({
        name: `oddkit-sdk migrate --dry (${label})`,
        seconds: await timeIt(() =>
          migrate({ paths: [join(dir, "src")], cwd: dir, dry: true, concurrency: WORKERS }),
        ),
      });
    }
    console.log(`codemod throughput: ${FILES} files, ${WORKERS} worker processes each\n`);
    console.log("| run | seconds | files/s | vs jscodeshift no-op |");
    console.log("| --- | ---: | ---: | ---: |");
    for (let i = 0; i < rows.length; i += 2) {
      const base = rows[i] as { name: string; seconds: number };
      const ours = rows[i + 1] as { name: string; seconds: number };
      for (const row of [base, ours]) {
        const ratio = base.seconds / row.seconds;
        console.log(
          `| ${row.name} | ${row.seconds.toFixed(2)} | ${(FILES / row.seconds).toFixed(0)} | ${ratio.toFixed(2)}× |`,
        );
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
