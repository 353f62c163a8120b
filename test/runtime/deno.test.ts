/**
 * The client entry really runs under Deno (the Supabase Edge Functions
 * runtime), not only bundles for it: the entry is bundled as Deno resolves
 * packages (scripts/bundle-entry.ts, `deno` platform, with code splitting so
 * the cl100k tokenizer stays a lazy chunk), the documented Supabase function
 * (examples/edge/supabase/functions/essays/index.ts) is run against that
 * bundle by the Deno binary of the `deno` npm package, talking Web fetch to
 * the reference server on 127.0.0.1, with no network and no other permission.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/bundle-entry.js";
import { USE_CASES } from "../../src/helpers/use-cases.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

const run = promisify(execFile);
/** The `deno` package's own launcher: it finds the platform binary even when npm skipped its postinstall. */
const DENO_LAUNCHER = createRequire(import.meta.url).resolve("deno/bin.cjs");
const SUPABASE_FUNCTION = fileURLToPath(
  new URL("../../examples/edge/supabase/functions/essays/index.ts", import.meta.url),
);
const DRIVER = fileURLToPath(new URL("./supabase-essays.deno.js", import.meta.url));
/** Where the driver and the rewritten function import the bundle from. */
const BUNDLE_DIR = "oddkit-sdk";

let server: ReferenceServer;
let close: () => Promise<void>;
let url: string;
let work: string;
let bundledFiles: string[];

beforeAll(async () => {
  server = await createReferenceServer();
  ({ url, close } = await server.listen({ port: 0, host: "127.0.0.1" }));
  work = await mkdtemp(join(tmpdir(), "oddkit-deno-"));
  const bundle = await bundleEntry({ platform: "deno", splitting: true });
  // index.js and its chunks (the cl100k tokenizer among them) sit side by side, imported relatively.
  bundledFiles = bundle.outputFiles.map((file) => basename(file.path));
  await mkdir(join(work, BUNDLE_DIR));
  for (const file of bundle.outputFiles)
    await writeFile(join(work, BUNDLE_DIR, basename(file.path)), file.contents);
  const source = await readFile(SUPABASE_FUNCTION, "utf8");
  const rewritten = source.replace(/from "npm:oddkit-sdk"/, `from "./${BUNDLE_DIR}/index.js"`);
  if (rewritten === source) throw new Error(`${SUPABASE_FUNCTION} no longer imports "npm:oddkit-sdk"`);
  await writeFile(join(work, "essays.ts"), rewritten);
  await writeFile(join(work, "driver.js"), await readFile(DRIVER));
});

afterAll(async () => {
  await close?.();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function deno(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [DENO_LAUNCHER, ...args], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: work,
      DENO_DIR: join(work, ".deno"),
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
      ...env,
    },
  });
  return stdout;
}

describe("the client entry under a real Deno", () => {
  it("runs the documented Supabase function and the client surface against the reference server", async () => {
    const stdout = await deno(
      [
        "run",
        "--allow-net=127.0.0.1",
        "--allow-env=ODDKIT_URL",
        "--no-prompt",
        "--no-config",
        "--no-lock",
        "--no-remote",
        "--no-npm",
        "driver.js",
      ],
      { ODDKIT_URL: url },
    );
    const summary = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
    expect(summary.deno).toMatch(/^2\./);

    // The Supabase function, as docs/runtimes.md shows it, answered its request.
    expect(summary.example.status).toBe(200);
    expect(summary.example.cacheControl).toBe("public, max-age=300");
    const { total, essays, bytes } = summary.example.body;
    expect(essays.length).toBeGreaterThan(0);
    // The helper returns the whole listing (every page, fetched concurrently): every public essay.
    expect(essays.length).toBe(total);
    expect(new Set(essays.map((e: { uri: string }) => e.uri)).size).toBe(total);
    // More than one page of the row's page size, so the pages were really joined.
    const row = USE_CASES.find((u) => u.functionName === "getEssaysIndex");
    expect(total).toBeGreaterThan(row?.limit ?? Number.POSITIVE_INFINITY);
    for (const essay of essays) {
      expect(essay.uri).toMatch(/^klappy:\/\//);
      // The contract's blockquote: the paragraph, or null for a document that has none.
      expect(essay.blockquote === null || typeof essay.blockquote === "string").toBe(true);
    }
    expect(essays.some((e: { blockquote: string | null }) => (e.blockquote?.length ?? 0) > 0)).toBe(true);
    expect(bytes).toBeGreaterThan(0);

    expect(summary.search.count).toBeGreaterThan(0);
    expect(summary.search.scores.every((s: unknown) => typeof s === "number")).toBe(true);
    expect(summary.search.snippets.every((s: unknown) => typeof s === "string" && s.length > 0)).toBe(true);

    expect(summary.get.bodyLength).toBeGreaterThan(0);
    expect(summary.get.contentHash).toMatch(/\S/);
    // Token counting is opt-in (oddkit-sdk/tokens): the client alone bundles no tokenizer chunk and
    // reports meta.tokens as null.
    expect(bundledFiles.some((f: string) => /^cl100k_base-/.test(f))).toBe(false);
    expect(summary.get.tokens).toBeNull();
    expect(summary.search.tokens).toBeNull();

    expect(summary.refused).toEqual({ typed: true, code: "DISCLOSURE_FLAG_NOT_PERMITTED", sent: false });
  });

  it("is denied the network outside 127.0.0.1 (the permission flags are really applied)", async () => {
    const probe =
      "try { await fetch('http://10.255.255.1/'); console.log('reached'); } catch (e) { console.log(e.name); }";
    await writeFile(join(work, "probe.js"), probe);
    const stdout = await deno(["run", "--allow-net=127.0.0.1", "--no-prompt", "--no-config", "probe.js"]);
    expect(stdout.trim()).toBe("NotCapable");
  });
});
