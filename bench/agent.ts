/**
 * What an agent reads, measured side by side in one run over the bundled
 * sample corpus (reference servers in process; every figure is cl100k tokens
 * of the tool results the agent receives, counted exactly):
 *
 * Retrieval calls are counted; the one version call `browse` and
 * `buildContext` make to record the server identity is measured once and
 * printed beside the tables (the client reports no event for it).
 *
 * - browse then dive: one search at disclosure [blockquote] (links with their
 *   guidance), then expand the two best links (two gets);
 * - includeAll: the same search, every page, every body;
 * - legacy agent: the legacy fat catalog (every page, every article with its
 *   frontmatter) to choose from, then the same two documents with legacy gets;
 * - context for a task: buildContext (required inline, suggested as links)
 *   against includeAll, and against a legacy agent fetching the same required
 *   documents after reading the fat catalog.
 *
 *   npx tsx bench/agent.ts
 */
import { browse, buildContext, expand } from "../src/agent/index.js";
import { measureTokens } from "../src/agent/measure.js";
import { callerForServer } from "../src/caller/caller.js";
import { createOddkitClient } from "../src/client/index.js";
import { ACTIONS, toolNameFor, VERSION_TOOL } from "../src/contract/index.js";
import { measureLegacyCall, toolResultText } from "../src/cost/legacy.js";
import { createReferenceServer, type ReferenceServer } from "../src/server/index.js";

const QUERY = "token budgets";
const TASK = "write an essay about token budgets";
/** A budget no rhythm here reaches: the rhythms are compared unbounded. */
const UNBOUNDED = 100_000_000;

interface Tally {
  calls: number;
  tokens: number;
}

/** A fresh client (no cache) that tallies the tokens of every retrieval result it receives. */
function countingClient(server: ReferenceServer, tally: Tally) {
  return createOddkitClient({
    server,
    cache: false,
    countTokens: (text: string) => measureTokens(text),
    onEvent: (event) => {
      if (event.type === "call" && (ACTIONS as readonly string[]).includes(event.action)) {
        tally.calls++;
        tally.tokens += event.meta?.tokens ?? 0;
      }
    },
  });
}

async function legacyGets(server: ReferenceServer, uris: readonly string[]): Promise<Tally> {
  const tally = { calls: 0, tokens: 0 };
  for (const uri of uris) {
    const text = toolResultText(await server.callTool(toolNameFor("get"), { input: uri }));
    tally.calls++;
    tally.tokens += await measureTokens(text);
  }
  return tally;
}

const fmt = (n: number) => n.toLocaleString("en-US");
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;

const [contract, legacy] = await Promise.all([
  createReferenceServer({ mode: "contract" }),
  createReferenceServer({ mode: "legacy" }),
]);
console.log(`sample corpus: ${contract.corpus.documents.length} documents\n`);

// Legacy fat catalog: every page, as the legacy agent reads it before choosing.
const fat = await measureLegacyCall(callerForServer(legacy));
if (!fat.available) throw new Error(`legacy catalog unavailable: ${fat.reason}`);

// 1. Browse, then dive.
const diveTally = { calls: 0, tokens: 0 };
const diveClient = countingClient(contract, diveTally);
const answer = await browse(diveClient, "search", { query: QUERY, disclosure: ["blockquote"], limit: 10 });
const browseTokens = diveTally.tokens;
const dive = await expand(answer, { max: 2, budgetTokens: UNBOUNDED });
const chosen = dive.delivered.map((d) => d.uri);

// 2. includeAll over the same search.
const allTally = { calls: 0, tokens: 0 };
const allClient = countingClient(contract, allTally);
const allAnswer = await browse(allClient, "search", { query: QUERY, disclosure: ["blockquote"], limit: 10 });
const everything = await expand(allAnswer, {
  includeAll: true,
  max: Number.POSITIVE_INFINITY,
  budgetTokens: UNBOUNDED,
});

// 3. Legacy agent: fat catalog, then the same two documents.
const legacyTwo = await legacyGets(legacy, chosen);
const legacyTokens = fat.tokens + legacyTwo.tokens;

console.log(`## Search "${QUERY}", then read two documents\n`);
console.log(row(["rhythm", "calls", "tokens read", "of which bodies delivered", "vs browse-then-dive"]));
console.log(row(["---", "---:", "---:", "---:", "---:"]));
console.log(
  row([
    `browse then dive (links: ${answer.result.data.length} of ${answer.result.total}, then 2 expansions)`,
    diveTally.calls,
    fmt(diveTally.tokens),
    fmt(dive.tokens),
    "1.0×",
  ]),
);
console.log(row(["  of which the browse (links with guidance)", 1, fmt(browseTokens), "0", ""]));
console.log(
  row([
    `includeAll (every page, ${everything.delivered.length} bodies)`,
    allTally.calls,
    fmt(allTally.tokens),
    fmt(everything.tokens),
    ratio(allTally.tokens, diveTally.tokens),
  ]),
);
console.log(
  row([
    `legacy fat catalog (${fat.pages} pages, ${fat.documents} articles) + 2 gets`,
    fat.pages + legacyTwo.calls,
    fmt(legacyTokens),
    "",
    ratio(legacyTokens, diveTally.tokens),
  ]),
);
console.log(
  row(["  of which the fat catalog", fat.pages, fmt(fat.tokens), "", ratio(fat.tokens, diveTally.tokens)]),
);

// Context for a task.
const ctxTally = { calls: 0, tokens: 0 };
const context = await buildContext(countingClient(contract, ctxTally), TASK, { budgetTokens: UNBOUNDED });
const ctxAllTally = { calls: 0, tokens: 0 };
const contextAll = await buildContext(countingClient(contract, ctxAllTally), TASK, {
  budgetTokens: UNBOUNDED,
  includeAll: true,
});
const legacyRequired = await legacyGets(
  legacy,
  context.inline.map((d) => d.uri),
);
const legacyCtx = fat.tokens + legacyRequired.tokens;
console.log(`\n## Context for "${TASK}" (preflight bundle of ${context.total})\n`);
console.log(row(["rhythm", "calls", "tokens read", "inline", "links", "vs buildContext"]));
console.log(row(["---", "---:", "---:", "---:", "---:", "---:"]));
console.log(
  row([
    "buildContext (required inline, suggested as links)",
    ctxTally.calls,
    fmt(ctxTally.tokens),
    context.inline.length,
    context.links.length,
    "1.0×",
  ]),
);
console.log(
  row([
    "buildContext includeAll",
    ctxAllTally.calls,
    fmt(ctxAllTally.tokens),
    contextAll.inline.length,
    contextAll.links.length,
    ratio(ctxAllTally.tokens, ctxTally.tokens),
  ]),
);
console.log(
  row([
    `legacy fat catalog + gets of the same ${context.inline.length} required`,
    fat.pages + legacyRequired.calls,
    fmt(legacyCtx),
    context.inline.length,
    0,
    ratio(legacyCtx, ctxTally.tokens),
  ]),
);

const versionTokens = await measureTokens(toolResultText(await contract.callTool(VERSION_TOOL, {})));
console.log(
  `\nNot in the tables: the one ${VERSION_TOOL} call each browse/buildContext makes (${versionTokens} tokens; its answer stays in the SDK, the model never reads it).`,
);

await Promise.all([contract.close(), legacy.close()]);
