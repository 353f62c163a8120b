import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/bundle-entry.js";

describe("the client entry runs on edge runtimes and browsers", () => {
  it("bundles for the browser platform without reaching any Node built-in", async () => {
    const bundle = await bundleEntry({ platform: "browser" });
    expect(bundle.nodeImports).toEqual([]);
    expect(bundle.outputFiles.length).toBeGreaterThan(0);
  });

  it("bundles as wrangler does for Cloudflare Workers (workerd conditions) without any Node built-in", async () => {
    const bundle = await bundleEntry({ platform: "workerd" });
    expect(bundle.nodeImports).toEqual([]);
  });

  it("under Deno's resolution (deno, node conditions) reaches no Node module at all", async () => {
    // The last one was pkce-challenge's Node build (node:crypto), reached only through the MCP SDK's
    // OAuth client; the client's own Streamable HTTP transport (http-transport.ts) left it behind.
    // Anything added here must be checked against https://docs.deno.com/runtime/reference/node_apis/.
    const bundle = await bundleEntry({ platform: "deno" });
    expect([...new Set(bundle.nodeImports.map((i) => i.specifier))].sort()).toEqual([]);
  });

  it("reports node: and bare built-in imports with their importer (the guard can fail)", async () => {
    const entry = fileURLToPath(new URL("./node-importer.fixture.ts", import.meta.url));
    const bundle = await bundleEntry({ entry, platform: "browser", minify: false });
    expect(bundle.nodeImports.map((i) => i.specifier).sort()).toEqual(["node:fs", "path"]);
    expect(bundle.nodeImports.every((i) => i.importer.endsWith("node-importer.fixture.ts"))).toBe(true);
  });
});
