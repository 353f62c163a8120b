/**
 * Forward shim (new code, old server): the same contract requests against a
 * contract-mode reference server and, through the shim, against a
 * legacy-mode server over the same corpus must give equal results — data,
 * total and every echo — equal error envelopes and the same assistant text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIONS, type Action } from "../../src/contract/index.js";
import { CONSUMER_NUDGE } from "../../src/server/index.js";
import { ForwardShim } from "../../src/shim/forward/emulate.js";
import { callerOf, fixtureCorpus, legacyVisible, oddCorpus, serverPair } from "./harness.js";

type Request = [Action, Record<string, unknown>];

/** A server's assistant_text without the nudge it adds for callers that give no consumer label. */
function unnudged(text: string): string {
  return text.endsWith(`\n\n${CONSUMER_NUDGE}`) ? text.slice(0, -`\n\n${CONSUMER_NUDGE}`.length) : text;
}

const LISTING_FLAGS = [[], ["blockquote"], ["metadata"], ["summary"], ["blockquote", "metadata", "summary"]];
const FILTERS: Record<string, unknown>[] = [
  {},
  { include: "journals" },
  { include: ["canon", "journals", "apocrypha"], exclude: "apocrypha" },
  { exclude: ["docs"] },
  { audience: ["docs", "public"], tier: [1, 2] },
  { exposure: "nav", path_prefix: ["canon/", "odd/"] },
  { start_here: true },
  { public: true },
  { tags: ["caching", "meta"] },
];

/** Every action, flag combination, filter and paging variant worth comparing, plus refused requests. */
function requests(uris: string[], queries: string[]): Request[] {
  const out: Request[] = [];
  for (const disclosure of LISTING_FLAGS) {
    for (const filters of FILTERS) {
      out.push(["catalog", { disclosure, ...filters }]);
      for (const input of queries) out.push(["search", { input, disclosure, ...filters }]);
      out.push(["preflight", { input: queries[0], disclosure, ...filters }]);
    }
  }
  for (const sort_by of ["path", "date"]) {
    out.push(["catalog", { sort_by, limit: 3, offset: 2 }], ["catalog", { sort_by, offset: 1000 }]);
  }
  out.push(["search", { input: queries[0], limit: 1, offset: 1 }], ["catalog", { limit: 500 }]);
  for (const input of uris) {
    for (const disclosure of [undefined, [], ["body"], ["metadata", "summary"], ["blockquote", "body"]]) {
      out.push(["get", { input, disclosure }], ["resolve", { input, disclosure }]);
    }
  }
  // refused locally with the contract's exact envelopes
  out.push(
    ["catalog", { disclosure: ["body"] }],
    ["search", { input: "x", disclosure: ["summary"], limit: 100 }],
    ["catalog", { limit: 501 }],
    ["get", { input: "klappy://docs/new-guide", tier: 1 }],
    ["get", { input: "klappy://nowhere/at-all" }],
    ["resolve", { input: "klappy://nowhere/at-all" }],
  );
  return out.map(([a, p]) => [a, Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))]);
}

function describeCorpus(name: string, load: typeof fixtureCorpus, queries: string[]) {
  describe(`forward shim over the ${name}`, () => {
    let pair: Awaited<ReturnType<typeof serverPair>>;
    let shim: ForwardShim;
    let uris: string[];
    beforeAll(async () => {
      // Exactly what a legacy server can show (FORWARD_SHIM_DIFFERENCES: nothing outside its folders).
      const corpus = legacyVisible(await load());
      pair = await serverPair(corpus);
      shim = new ForwardShim(callerOf(pair.legacy));
      uris = [...corpus.documents.map((d) => d.uri), ...corpus.documents.slice(0, 3).map((d) => d.path)];
    });
    afterAll(() => pair.close());

    it("answers every request exactly as the contract server does", async () => {
      const reqs = requests(uris, queries);
      expect(reqs.length).toBeGreaterThan(300);
      const seen = new Set<Action>();
      for (const [action, params] of reqs) {
        const direct = await pair.contract.callTool(`oddkit_${action}`, params);
        const expected = JSON.parse(direct.content[0]!.text) as { result: unknown; assistant_text: string };
        const emulated = await shim.call(action, params);
        expect(emulated.envelope.result, `${action} ${JSON.stringify(params)}`).toEqual(expected.result);
        expect(emulated.isError).toBe(direct.isError === true);
        // The shim runs the server's own render steps, so the text is the server's too (less its nudge to unlabelled callers).
        expect(emulated.envelope.assistant_text, `${action} ${JSON.stringify(params)}`).toBe(
          unnudged(expected.assistant_text),
        );
        seen.add(action);
      }
      expect([...seen].sort()).toEqual([...ACTIONS].sort());
    });
  });
}

describeCorpus("server fixture corpus", fixtureCorpus, ["caching guidance", "guide", "zzzz-no-such-term"]);
describeCorpus("odd-frontmatter corpus", oddCorpus, ["ledger", "challenge canon", "essay"]);

describe("forward shim with the window opt-in", () => {
  it("adds the same legacy fields a window-mode server adds", async () => {
    const corpus = legacyVisible(await fixtureCorpus());
    const pair = await serverPair(corpus, ["window", "legacy"]);
    try {
      const shim = new ForwardShim(callerOf(pair.legacy));
      const reqs: Request[] = [
        ["catalog", { sort_by: "path", limit: 5 }],
        ["catalog", { disclosure: ["metadata"], include: ["docs"] }],
        ["search", { input: "caching guidance", disclosure: ["metadata"] }],
        ["preflight", { input: "caching" }],
        ["get", { input: "klappy://docs/getting-started", disclosure: ["metadata", "body"] }],
        ["resolve", { input: "klappy://docs/old-guide" }],
      ];
      for (const [action, params] of reqs) {
        const withOptIn = { ...params, include_legacy_envelope: true };
        const direct = JSON.parse(
          (await pair.contract.callTool(`oddkit_${action}`, withOptIn)).content[0]!.text,
        );
        const emulated = await shim.call(action, withOptIn);
        expect(emulated.envelope.result, `${action} ${JSON.stringify(params)}`).toEqual(direct.result);
        expect(emulated.envelope.assistant_text).toBe(unnudged(direct.assistant_text));
      }
    } finally {
      await pair.close();
    }
  });
});
