/**
 * Token counting is opt-in: the client counts nothing unless handed a
 * counter (`cl100kTokens` from `oddkit-sdk/tokens`), and the client entry's
 * module graph never reaches the tokenizer.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { CLIENT_ENTRY } from "../../scripts/bundle-entry.js";
import { createOddkitClient } from "../../src/client/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { cl100kTokens } from "../../src/tokens.js";

const CORPUS = "test/fixtures/tools/shadow";

describe("opt-in token counting", () => {
  it("meta.tokens is null by default and counted with cl100kTokens", async () => {
    const server = await createReferenceServer({ corpus: CORPUS });
    const plain = createOddkitClient({ server });
    const counted = createOddkitClient({ server, countTokens: cl100kTokens });
    try {
      const a = await plain.catalog({ limit: 3 });
      const b = await counted.catalog({ limit: 3 });
      expect(a.meta.tokens).toBeNull();
      expect(b.meta.tokens).toBeGreaterThan(0);
      // The counter saw the whole result text (cl100k: ~3-5 bytes per token).
      expect(b.meta.tokens!).toBeLessThan(b.meta.bytes);
      expect(b.meta.tokens!).toBeGreaterThan(b.meta.bytes / 8);
    } finally {
      await plain.close();
      await counted.close();
      await server.close();
    }
  });

  it("countTokens: true is refused, naming the opt-in import", () => {
    expect(() => createOddkitClient({ url: "http://127.0.0.1:1/mcp", countTokens: true as never })).toThrow(
      /oddkit-sdk\/tokens/,
    );
  });

  it("the client entry's module graph does not reach gpt-tokenizer", async () => {
    const result = await build({
      entryPoints: [CLIENT_ENTRY],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes("gpt-tokenizer"))).toBe(false);
    expect(inputs.some((p) => p.endsWith("src/tokens.ts"))).toBe(false);
  });
});
