/**
 * What the shims cost, measured side by side in one run over the bundled
 * sample corpus (reference servers in process, so bytes and call counts are
 * exact; times are in-process and only comparable within this run):
 *
 * - forward shim (new code, pre-contract server): each contract request
 *   answered from legacy calls — calls, bytes read, time — against the same
 *   request to a contract server, first (cold caches) and again (warm);
 * - backward shim (old code, new server): the server calls one legacy call
 *   costs in each era (pre-contract: passthrough; window: the server's own
 *   envelope; post-window: synthesised), and after the window on a
 *   knowledge base whose URIs often do not name their paths, with and
 *   without a consumer-supplied path map.
 *
 *   npx tsx bench/shim.ts
 */
import { type Action, toolNameFor } from "../src/contract/index.js";
import { createReferenceServer, type ReferenceServer } from "../src/server/index.js";
import { createLegacyCompat } from "../src/shim/backward/compat.js";
import { ForwardShim } from "../src/shim/forward/emulate.js";
import type { ToolCaller } from "../src/shim/forward/legacy-caller.js";
import { realKbCorpus } from "../test/shim/real-kb-corpus.js";

function caller(server: ReferenceServer, tally: { calls: number; bytes: number }): ToolCaller {
  return async (name, args) => {
    const answer = await server.callTool(name, args);
    const text = answer.content[0]?.text ?? "";
    const bytes = new TextEncoder().encode(text).length;
    tally.calls++;
    tally.bytes += bytes;
    return {
      envelope: JSON.parse(text) as unknown,
      isError: answer.isError === true,
      meta: { bytes, tokens: null },
    };
  };
}

async function direct(server: ReferenceServer, tool: string, args: Record<string, unknown>) {
  const started = performance.now();
  const text = (await server.callTool(tool, args)).content[0]?.text ?? "";
  return { calls: 1, bytes: new TextEncoder().encode(text).length, ms: performance.now() - started };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

const [contract, legacy] = await Promise.all([
  createReferenceServer({ mode: "contract" }),
  createReferenceServer({ mode: "legacy" }),
]);
console.log(`sample corpus: ${contract.corpus.documents.length} documents\n`);

console.log("## Forward shim (contract request → legacy calls)\n");
console.log(
  row([
    "request",
    "pass",
    "legacy calls",
    "legacy bytes",
    "ms",
    "contract server bytes",
    "ms",
    "bytes ratio",
  ]),
);
console.log(row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:"]));
const requests: [Action, Record<string, unknown>][] = [
  ["catalog", { disclosure: [], limit: 25 }],
  ["catalog", { disclosure: ["blockquote"], audience: "public", exposure: "public", limit: 100 }],
  ["search", { input: "caching", disclosure: ["blockquote", "metadata"] }],
  ["get", { input: contract.corpus.documents[0]!.uri }],
];
const tally = { calls: 0, bytes: 0 };
const shim = new ForwardShim(caller(legacy, tally));
for (const pass of ["cold", "warm"]) {
  for (const [action, args] of requests) {
    const before = { ...tally };
    const started = performance.now();
    await shim.call(action, args);
    const ms = performance.now() - started;
    const base = await direct(contract, toolNameFor(action), args);
    const bytes = tally.bytes - before.bytes;
    console.log(
      row([
        `${action} ${JSON.stringify(args)}`,
        pass,
        tally.calls - before.calls,
        kb(bytes),
        ms.toFixed(0),
        kb(base.bytes),
        base.ms.toFixed(0),
        bytes === 0 ? "0 (cached)" : `${(bytes / base.bytes).toFixed(1)}×`,
      ]),
    );
  }
}

console.log("\n## Backward shim by era (one legacy call → server calls)\n");
console.log(
  "Pre-contract: passed straight through; window: the server's own legacy envelope (one call with the opt-in);",
);
console.log(
  "post-window: synthesised from contract calls (cold: nothing cached; warm: the same call again).\n",
);
console.log(row(["legacy call", "era (server version)", "path", "pass", "server calls", "bytes read", "ms"]));
console.log(row(["---", "---", "---", "---", "---:", "---:", "---:"]));
const legacyCalls: [string, Record<string, unknown>][] = [
  ["oddkit_catalog", { sort_by: "path", limit: 500 }],
  ["oddkit_search", { input: "caching", include_metadata: true }],
  ["oddkit_get", { input: legacy.corpus.documents[0]!.uri }],
];
const eras: [string, ReferenceServer][] = [
  ["pre-contract (0.28.1)", legacy],
  ["window (0.30.0)", contract],
  ["post-window (0.32.0)", await createReferenceServer({ mode: "contract", version: "0.32.0" })],
];
for (const [era, server] of eras) {
  const back = { calls: 0, bytes: 0 };
  const compat = createLegacyCompat({ callTool: caller(server, back) }, { legacyPolicy: "silent" });
  await compat.era();
  for (const pass of ["cold", "warm"]) {
    for (const [tool, args] of legacyCalls) {
      const before = { ...back };
      const started = performance.now();
      await compat.call(tool, args);
      const ms = performance.now() - started;
      console.log(
        row([
          `${tool} ${JSON.stringify(args)}`,
          era,
          compat.lastCall?.path ?? "?",
          pass,
          back.calls - before.calls,
          kb(back.bytes - before.bytes),
          ms.toFixed(0),
        ]),
      );
    }
  }
}

console.log("\n## Backward shim after the window on a real-shaped knowledge base\n");
console.log(
  "A fifth of documents declare a uri that does not name their path (test/shim/real-kb-corpus.ts).\n",
);
const kbShape = await realKbCorpus();
const late = await createReferenceServer({ corpus: kbShape.corpus, version: "0.32.0" });
console.log(row(["fat catalog, paths from", "server calls", "bytes read", "derived paths", "ms"]));
console.log(row(["---", "---:", "---:", "---:", "---:"]));
const helps: [string, Parameters<typeof createLegacyCompat>[1]][] = [
  ["the URI only (no help)", {}],
  ["a file list (`files`)", { files: kbShape.files }],
  ["`pathOf(uri)`", { pathOf: (uri: string) => kbShape.renamed.get(uri) }],
];
for (const [label, options] of helps) {
  const back = { calls: 0, bytes: 0 };
  const compat = createLegacyCompat({ callTool: caller(late, back) }, { legacyPolicy: "silent", ...options });
  await compat.era();
  const before = { ...back };
  const started = performance.now();
  await compat.call("oddkit_catalog", { sort_by: "path", limit: 500 });
  const ms = performance.now() - started;
  console.log(
    row([
      label,
      back.calls - before.calls,
      kb(back.bytes - before.bytes),
      compat.derivedPaths().length,
      ms.toFixed(0),
    ]),
  );
}
await Promise.all([contract.close(), legacy.close(), late.close(), ...eras.map(([, s]) => s.close())]);
