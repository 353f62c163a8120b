/**
 * What the decided-rewrite tests share: the engine run with decisions, and a
 * consumer module run against a legacy or a contract reference server through
 * a stubbed `fetch` (one JSON-RPC `tools/call` a request), so the original
 * and the migrated code are compared by what they return.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { DecisionChoices } from "../../codemods/migrate/decisions.js";
import { runEngine } from "../../codemods/migrate/engine.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

export const cwd = mkdtempSync(join(tmpdir(), "oddkit-decided-"));
let counter = 0;

/** The engine's output for one file under the decisions (the text itself when nothing changes). */
export function migrate(text: string, choices: DecisionChoices, name = "consumer.mjs"): string {
  const file = join(cwd, name);
  const result = runEngine(cwd, new Map([[file, text]]), [{ file, before: text }], undefined, choices);
  return result.files.get(file)?.after ?? text;
}

export interface Servers {
  legacy: ReferenceServer;
  contract: ReferenceServer;
}

let target: ReferenceServer;

/** A legacy and a contract server for the file's tests, `fetch` answered by the one a run targets. */
export function useServers(): Servers {
  const servers = {} as Servers;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    servers.legacy = await createReferenceServer({ mode: "legacy" });
    servers.contract = await createReferenceServer({ mode: "contract" });
    globalThis.fetch = (async (_url: unknown, init?: RequestInit) => {
      const message = JSON.parse(String(init?.body));
      const result = await target.callTool(message.params.name, message.params.arguments);
      return Response.json({ jsonrpc: "2.0", id: message.id, result });
    }) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await Promise.all([servers.legacy.close(), servers.contract.close()]);
  });
  return servers;
}

/** Import the module text and call its export `fn` with `arg`, its calls answered by `server`. */
export async function run(text: string, server: ReferenceServer, fn: string, arg: string): Promise<unknown> {
  const file = join(cwd, `run-${counter++}.mjs`);
  writeFileSync(file, text);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, (a: string) => Promise<unknown>>;
  target = server;
  return (mod[fn] as (a: string) => Promise<unknown>)(arg);
}

/** Every document a listing holds, all pages joined (a server's own paging, not the rewrite's). */
export async function everyEntry(
  server: ReferenceServer,
  args: Record<string, unknown>,
  list: "articles" | "data",
) {
  const all: Array<{ uri: string; title?: string; path?: string; metadata?: Record<string, unknown> }> = [];
  for (let offset = 0; ; ) {
    const answer = await server.callTool("oddkit_catalog", { ...args, offset });
    const result = JSON.parse((answer.content[0] as { text: string }).text).result;
    all.push(...result[list]);
    offset += result[list].length;
    if (
      result[list].length === 0 ||
      offset >= (result.total_candidates ?? result.pagination?.total_candidates ?? result.total)
    )
      break;
  }
  return all;
}
