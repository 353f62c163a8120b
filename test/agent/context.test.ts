/**
 * buildContext over preflight: required documents (constraints, definition
 * of done) inline, suggested ones as links with their guidance, includeAll
 * inlining within the budget, and one object rendered two ways.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildContext,
  DEFAULT_CONTEXT_BUDGET,
  OddkitAgentOptionsError,
  REQUIRED_ROLES,
  renderContext,
} from "../../src/agent/index.js";
import { CLI_DEFAULT_BUDGET } from "../../src/cli/commands/context.js";
import { agentCorpus, type Served, serve } from "./corpus.js";

let kb: Served;
beforeAll(async () => {
  kb = await serve(agentCorpus());
});
afterAll(() => kb.close());

const TASK = "write an essay about token budgets and caching";

async function bundle() {
  const result = await kb.client.preflight({ task: TASK, disclosure: ["blockquote"] });
  return result.data;
}

describe("buildContext", () => {
  it("inlines the required documents and links the suggested ones with their guidance", async () => {
    const entries = await bundle();
    const required = entries.filter((e) => REQUIRED_ROLES.includes(e.role));
    expect(required.length).toBeGreaterThanOrEqual(3);
    const context = await buildContext(kb.client, TASK, { budgetTokens: 100_000 });
    expect(context.complete).toBe(true);
    expect(context.total).toBe(entries.length);
    expect(context.inline.map((i) => i.uri)).toEqual(required.map((e) => e.uri));
    for (const item of context.inline) {
      expect(item.body).toBe(kb.server.corpus.byUri.get(item.uri)?.body);
    }
    const suggested = entries.filter((e) => !REQUIRED_ROLES.includes(e.role));
    expect(context.links.map((l) => l.uri)).toEqual(suggested.map((e) => e.uri));
    for (const link of context.links) {
      expect(link.reason).toBe("suggested");
      const entry = suggested.find((e) => e.uri === link.uri);
      expect(link.guidance).toBe(entry?.blockquote);
      expect(link.detail).toBe(
        typeof entry?.blockquote === "string"
          ? `follow when: ${entry.blockquote}`
          : `suggested by preflight (${entry?.role}); it has no blockquote to say when to follow it`,
      );
    }
    expect(context.tokens).toBe(context.inline.reduce((s, i) => s + i.tokens, 0));
  });

  it("a budget too small for every required document says the context is incomplete and why", async () => {
    const full = await buildContext(kb.client, TASK, { budgetTokens: 100_000 });
    const budgetTokens = (full.inline[0]?.tokens ?? 0) + 1;
    const context = await buildContext(kb.client, TASK, { budgetTokens });
    expect(context.complete).toBe(false);
    expect(context.tokens).toBeLessThanOrEqual(budgetTokens);
    expect(context.inline.map((i) => i.uri)).toEqual([full.inline[0]?.uri]);
    const missing = context.links.filter((l) => l.reason === "budget");
    expect(missing.map((l) => l.uri)).toEqual(full.inline.slice(1).map((i) => i.uri));
    const markdown = renderContext(context);
    expect(markdown).toContain(`INCOMPLETE: ${missing.length} required document(s) are not inline`);
    for (const l of missing)
      expect(markdown).toContain(`- [${l.title}](${l.uri}) (${l.role}): NOT INLINE (budget)`);
  });

  it("includeAll inlines the suggested documents too, within the budget, naming what did not fit", async () => {
    const entries = await bundle();
    const everything = await buildContext(kb.client, TASK, { budgetTokens: 1_000_000, includeAll: true });
    expect(everything.links).toEqual([]);
    expect(everything.inline).toHaveLength(entries.length);
    const budgetTokens = Math.floor(everything.tokens / 2);
    const half = await buildContext(kb.client, TASK, { budgetTokens, includeAll: true });
    expect(half.tokens).toBeLessThanOrEqual(budgetTokens);
    expect(half.inline.length + half.links.length).toBe(entries.length);
    expect(half.links.length).toBeGreaterThan(0);
    expect(half.links.every((l) => l.reason === "budget")).toBe(true);
    expect(half.bounds).toEqual({ budgetTokens, includeAll: true });
  });

  it("one object, two renderings: JSON round-trips, Markdown holds every body and every link", async () => {
    const context = await buildContext(kb.client, TASK, {});
    expect(context.bounds.budgetTokens).toBe(DEFAULT_CONTEXT_BUDGET);
    expect(JSON.parse(renderContext(context, "json"))).toEqual(JSON.parse(JSON.stringify(context)));
    const markdown = renderContext(context, "markdown");
    expect(markdown.startsWith(`# Context for: ${TASK}\n`)).toBe(true);
    for (const item of context.inline) expect(markdown).toContain(item.body.trim());
    for (const link of context.links) expect(markdown).toContain(`](${link.uri})`);
  });

  it("filters narrow the preflight the context comes from", async () => {
    const context = await buildContext(kb.client, TASK, { filters: { include: "essays" }, includeAll: true });
    expect(context.request).toMatchObject({ include: "essays" });
    for (const item of [...context.inline, ...context.links]) {
      expect(kb.server.corpus.byUri.get(item.uri)?.kind).toBe("essays");
    }
  });

  it.each([
    ["", {}, "task"],
    [TASK, { budgetTokens: -1 }, "budgetTokens"],
    [TASK, { concurrency: 99 }, "concurrency"],
  ])("bad input (%j, %j) is a typed error naming %s", async (task, options, option) => {
    const error = await buildContext(kb.client, task, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitAgentOptionsError);
    expect((error as OddkitAgentOptionsError).option).toBe(option);
  });

  it("the CLI's default budget is the library's", () => {
    expect(CLI_DEFAULT_BUDGET).toBe(DEFAULT_CONTEXT_BUDGET);
  });
});
