import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/bundle-entry.js";

describe("the client entry runs on edge runtimes and browsers", () => {
  it("bundles for the browser platform without reaching any Node built-in", async () => {
    const bundle = await bundleEntry({ platform: "browser" });
    expect(bundle.nodeImports).toEqual([]);
    expect(bundle.outputFiles.length).toBeGreaterThan(0);
  });

  it("bundles for the neutral platform (Deno, workerd conditions) without any Node built-in", async () => {
    const bundle = await bundleEntry({ platform: "neutral" });
    expect(bundle.nodeImports).toEqual([]);
  });

  it("reports node: and bare built-in imports with their importer (the guard can fail)", async () => {
    const entry = fileURLToPath(new URL("./node-importer.fixture.ts", import.meta.url));
    const bundle = await bundleEntry({ entry, platform: "browser", minify: false });
    expect(bundle.nodeImports.map((i) => i.specifier).sort()).toEqual(["node:fs", "path"]);
    expect(bundle.nodeImports.every((i) => i.importer.endsWith("node-importer.fixture.ts"))).toBe(true);
  });
});
