/**
 * Regenerate a golden file of test/fixtures/legacy-reference/ by running the
 * real 0.28.x handler (`handleUnifiedAction` of klappy/oddkit,
 * workers/src/orchestrate.ts) over one of our fixture corpora. Only the JSON
 * output is committed; the legacy code is read from a checkout you supply and
 * never copied here.
 *
 *   ODDKIT_WORKERS=/path/to/oddkit/workers npx tsx scripts/legacy-reference.ts shapes
 *
 * The checkout's workers/ folder needs `fflate` resolvable (symlink this
 * package's node_modules into it). Corpora: `fixture` (test/server/fixture-corpus.ts,
 * cases as already recorded) and `shapes` (test/server/legacy-shapes-corpus.ts).
 * One corpus per process: the handler caches its index in module state.
 * (fixture-corpus.json was recorded before the files were zipped in tree
 * order; regenerating it changes only its timestamps and indexed_paths order.)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { strToU8, zipSync } from "fflate";
import { FIXTURE_FILES } from "../test/server/fixture-corpus.js";
import { LEGACY_SHAPES_CASES, LEGACY_SHAPES_FILES } from "../test/server/legacy-shapes-corpus.js";

const workers = process.env.ODDKIT_WORKERS;
if (!workers) throw new Error("set ODDKIT_WORKERS to the workers/ folder of a klappy/oddkit 0.28.x checkout");
const which = process.argv[2];
const fixtures = new URL("../test/fixtures/legacy-reference/", import.meta.url);

interface Target {
  files: { path: string; text: string }[];
  cases: Record<string, Record<string, unknown>>;
  out: string;
  source: string;
}

function target(name: string | undefined): Target {
  if (name === "shapes") {
    return {
      files: LEGACY_SHAPES_FILES,
      cases: LEGACY_SHAPES_CASES,
      out: "legacy-shapes.json",
      source: "test/server/legacy-shapes-corpus.ts",
    };
  }
  if (name === "fixture") {
    const recorded = JSON.parse(readFileSync(new URL("fixture-corpus.json", fixtures), "utf8")) as {
      cases: Record<string, { params: Record<string, unknown> }>;
    };
    return {
      files: FIXTURE_FILES,
      cases: Object.fromEntries(Object.entries(recorded.cases).map(([k, v]) => [k, v.params])),
      out: "fixture-corpus.json",
      source: "test/server/fixture-corpus.ts",
    };
  }
  throw new Error("usage: legacy-reference.ts fixture|shapes");
}

const t = target(which);
// A GitHub archive lists files in git tree order, which is byte order of the full paths
// (git compares a folder as its name plus "/"): the handler's index keeps that order.
const inTreeOrder = [...t.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
const zip = zipSync(
  Object.fromEntries(inTreeOrder.map((f) => [`klappy.dev-main/${f.path}`, strToU8(f.text)])),
);
const SHA = "0123456789abcdef0123456789abcdef01234567";

globalThis.fetch = (async (input: string | URL | Request) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith("https://api.github.com/repos/") && url.includes("/commits/")) {
    return new Response(SHA, { status: 200 });
  }
  if (url.includes("/archive/") && url.endsWith(".zip")) {
    return new Response(zip, { status: 200, headers: { "content-type": "application/zip" } });
  }
  return new Response("not stubbed", { status: 404 });
}) as typeof fetch;

const { handleUnifiedAction } = (await import(pathToFileURL(join(workers, "src/orchestrate.ts")).href)) as {
  handleUnifiedAction: (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
};
const env = { DEFAULT_KNOWLEDGE_BASE_URL: "https://github.com/klappy/klappy.dev", ODDKIT_VERSION: "0.28.1" };

const cases: Record<string, { params: Record<string, unknown>; envelope: unknown }> = {};
for (const [name, params] of Object.entries(t.cases)) {
  const envelope = await handleUnifiedAction({ ...params, env });
  cases[name] = { params, envelope };
}
const catalog = (await handleUnifiedAction({
  action: "catalog",
  input: "",
  sort_by: "path",
  limit: 500,
  env,
})) as {
  result: { articles?: { path: string }[] };
};
const out = {
  generated_by: `handleUnifiedAction of klappy/oddkit workers/src/orchestrate.ts (0.28.x), run under tsx with fetch stubbed, over ${t.source}`,
  indexed_paths: (catalog.result.articles ?? []).map((a) => a.path),
  cases,
};
writeFileSync(new URL(t.out, fixtures), `${JSON.stringify(out, null, 1)}\n`);
console.log(`wrote ${t.out}: ${Object.keys(cases).length} cases`);
