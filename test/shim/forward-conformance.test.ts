/**
 * The conformance suite against a pre-contract server through the forward
 * shim: checks 1–10 judge every emulated answer against the documents the
 * legacy server serves (ground truth), as they judge a contract server.
 */
import { describe, expect, it } from "vitest";
import { runConformance } from "../../src/conformance/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { ForwardShim } from "../../src/shim/forward/emulate.js";
import { isRetrievalCall } from "../../src/shim/proxy-cache.js";
import { callerOf, fixtureCorpus, legacyVisible, oddCorpus } from "./harness.js";

describe.each([
  ["server fixture corpus", fixtureCorpus],
  ["odd-frontmatter corpus", oddCorpus],
])("runConformance through the forward shim over a legacy-mode server (%s)", (_name, load) => {
  it("passes checks 1–10 (check 11 needs a workload of the target's own)", async () => {
    const corpus = legacyVisible(await load());
    const legacy = await createReferenceServer({ corpus, mode: "legacy" });
    try {
      const shim = new ForwardShim(callerOf(legacy));
      const server = {
        corpus,
        callTool: async (name: string, args: Record<string, unknown>) => {
          // Retrieval is emulated; any other tool is the legacy server's own answer (as the shim endpoint does).
          if (!isRetrievalCall(name, args)) return legacy.callTool(name, args);
          const answer = await shim.callTool(name, args);
          return { content: [{ type: "text", text: answer.text }], isError: answer.isError };
        },
      };
      const report = await runConformance({ server, workload: false });
      const failed = report.checks.filter((c) => c.status === "fail");
      expect(failed.map((c) => [c.id, c.failures.slice(0, 2)])).toEqual([]);
      expect(report.checks.filter((c) => c.id <= 10).map((c) => c.status)).toEqual(Array(10).fill("pass"));
    } finally {
      await legacy.close();
    }
  });
});
