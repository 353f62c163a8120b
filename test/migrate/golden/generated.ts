/**
 * The generated consumer repository `bench/codemods.ts` times and the golden
 * outputs hold (test/migrate/golden): legacy oddkit consumers (a raw-fetch
 * JSON-RPC search with `include_metadata` and a wrapper-called `get`) among
 * unrelated TypeScript (generics, classes, unions, async), one file in every
 * `1 / consumerShare` a consumer.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const legacyConsumer = (i: number) => `// Search function ${i}.
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

export const unrelatedModule = (i: number) => `import { EventEmitter } from "node:events";

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

/** Writes `files` modules under `<dir>/src/area<i % 40>/module<i>.ts`; returns their paths. */
export async function generateConsumers(
  dir: string,
  files: number,
  consumerShare: number,
): Promise<string[]> {
  const every = Math.round(1 / consumerShare);
  const paths: string[] = [];
  for (let i = 0; i < files; i++) {
    const sub = join(dir, "src", `area${i % 40}`);
    await mkdir(sub, { recursive: true });
    const path = join(sub, `module${i}.ts`);
    await writeFile(path, i % every === 0 ? legacyConsumer(i) : unrelatedModule(i));
    paths.push(path);
  }
  return paths;
}
