/**
 * A knowledge base carries its own kind map (`oddkit.kinds.json` or
 * `.yaml` at its root): every loader reads it, `--kind-map` overrides it, the
 * audit says which map it used, and the bundled sample ships one so the
 * embedded default keeps `canon/apocrypha/` out of unfiltered answers.
 */
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCorpus } from "../../src/audit/index.js";
import { createOddkitClient } from "../../src/client/index.js";
import { DEFAULT_KIND_MAP } from "../../src/contract/index.js";
import {
  corpusKindMap,
  KIND_MAP_FILES,
  KindMapFileError,
  loadCorpus,
  sampleCorpusDir,
} from "../../src/corpus/index.js";
import { getSitemap } from "../../src/helpers/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { runCli } from "../tools/cli-io.js";

const APOCRYPHA = new URL("../fixtures/corpora/apocrypha-under-canon/", import.meta.url).pathname;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "kind-map-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the apocrypha fixture with `files` added at its root. */
async function corpusWith(name: string, files: Record<string, string>): Promise<string> {
  const root = join(dir, name);
  await cp(APOCRYPHA, root, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(root, file), text);
  return root;
}

describe("the embedded default on the bundled sample, with the sample's own map", () => {
  it("lists none of canon/apocrypha/ without include apocrypha, and all of them with it", async () => {
    const server = await createReferenceServer();
    const client = createOddkitClient({ server, countTokens: false, cache: false });
    try {
      const apocrypha = server.corpus.documents.filter((d) => d.path.startsWith("canon/apocrypha/"));
      expect(apocrypha).toHaveLength(11);
      expect(server.corpus.kindMapSource).toEqual({ from: "corpus", file: "oddkit.kinds.json" });
      const uris = new Set(apocrypha.map((d) => d.uri));
      const plain = await getSitemap(client);
      expect(plain.data.filter((e) => uris.has(e.uri))).toEqual([]);
      const found = await client.search({ query: "apocrypha", limit: 25 });
      expect(found.data.filter((e) => uris.has(e.uri))).toEqual([]);
      const included = await getSitemap(client, { include: ["apocrypha"] });
      expect(included.data.map((e) => e.uri).sort()).toEqual([...uris].sort());
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("reading the corpus's map", () => {
  it("reads JSON and YAML, laid over the default prefixes", async () => {
    const json = await corpusWith("json", { "oddkit.kinds.json": '{"canon/apocrypha/": "apocrypha"}' });
    const yaml = await corpusWith("yaml", {
      "oddkit.kinds.yaml": "# klappy.dev layout\ncanon/apocrypha/: apocrypha\n",
    });
    for (const root of [json, yaml]) {
      const corpus = await loadCorpus(root);
      expect(corpus.kindMap).toEqual({ ...DEFAULT_KIND_MAP, "canon/apocrypha/": "apocrypha" });
      expect(corpus.documents.find((d) => d.path === "canon/apocrypha/lost-rule.md")?.kind).toBe("apocrypha");
    }
    expect((await loadCorpus(yaml)).kindMapSource).toEqual({ from: "corpus", file: "oddkit.kinds.yaml" });
  });

  it("falls back to the default prefixes when there is no map, and says so", async () => {
    const corpus = await loadCorpus(APOCRYPHA);
    expect(corpus.kindMapSource).toEqual({ from: "default" });
    expect(corpus.documents.find((d) => d.path === "canon/apocrypha/lost-rule.md")?.kind).toBe("canon");
  });

  it.each([
    ["not JSON", { "oddkit.kinds.json": "{canon/: canon" }, /not valid JSON/],
    ["a list", { "oddkit.kinds.json": '["canon/"]' }, /must be a JSON object of path prefix → kind/],
    ["an unknown kind", { "oddkit.kinds.yml": "canon/apocrypha/: myths\n" }, /'myths' is not a kind/],
    ["a YAML alias", { "oddkit.kinds.yaml": "a: &x canon\nb: *x\n" }, /not valid YAML/],
    [
      "two map files",
      { "oddkit.kinds.json": "{}", "oddkit.kinds.yaml": "{}" },
      /has 2 kind map files \(oddkit\.kinds\.json, oddkit\.kinds\.yaml\); keep one/,
    ],
  ])("refuses %s with a KindMapFileError naming the file", async (name, files, message) => {
    const root = await corpusWith(`bad-${name.replace(/\W/g, "-")}`, files);
    const error = await loadCorpus(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KindMapFileError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/oddkit\.kinds/);
  });

  it("names the accepted file names", () => {
    expect(KIND_MAP_FILES).toEqual(["oddkit.kinds.json", "oddkit.kinds.yaml", "oddkit.kinds.yml"]);
  });

  it("an explicit map (the --kind-map override) wins over the corpus's own", async () => {
    const root = await corpusWith("override", { "oddkit.kinds.json": '{"canon/apocrypha/": "apocrypha"}' });
    const corpus = await loadCorpus(root, {
      kindMap: DEFAULT_KIND_MAP,
      kindMapSource: { from: "file", file: "x.json" },
    });
    expect(corpus.kindMapSource).toEqual({ from: "file", file: "x.json" });
    expect(corpus.documents.find((d) => d.path === "canon/apocrypha/lost-rule.md")?.kind).toBe("canon");
    expect((await corpusKindMap(root)).source).toEqual({ from: "corpus", file: "oddkit.kinds.json" });
  });
});

describe("every command reads it", () => {
  let root: string;
  let override: string;
  beforeAll(async () => {
    root = await corpusWith("commands", { "oddkit.kinds.json": '{"canon/apocrypha/": "apocrypha"}' });
    override = join(dir, "override.json");
    await writeFile(override, '{"canon/apocrypha/": "canon"}');
  });

  it("audit (library and CLI) resolves with it and reports which map was used", async () => {
    const report = await auditCorpus(root);
    expect(report.kindMapSource).toEqual({ from: "corpus", file: "oddkit.kinds.json" });
    expect(report.totals.byKind.apocrypha).toBe(3);
    const text = await runCli(["audit", root]);
    expect(text.stdout).toMatch(/kind map: the corpus's own oddkit\.kinds\.json/);
    const json = JSON.parse((await runCli(["audit", root, "--json"])).stdout) as typeof report;
    expect(json.kindMapSource).toEqual({ from: "corpus", file: "oddkit.kinds.json" });
    const overridden = await runCli(["audit", root, "--kind-map", override]);
    expect(overridden.stdout).toMatch(
      /kind map: .*override\.json \(--kind-map, overriding the corpus's own\)/,
    );
  });

  it("the retrieval verbs, with --kind-map overriding", async () => {
    const list = async (extra: string[]) => {
      const run = await runCli(["catalog", "--corpus", root, "--json", ...extra]);
      expect(run.stderr).toBe("");
      return (JSON.parse(run.stdout) as { data: { uri: string }[] }).data.map((e) => e.uri);
    };
    expect(await list([])).toEqual(["klappy://canon/principles/current-rule"]);
    expect(await list(["--kind-map", override])).toEqual([
      "klappy://canon/apocrypha/lost-rule",
      "klappy://canon/apocrypha/old-gospel",
      "klappy://canon/principles/current-rule",
    ]);
  });

  it("conformance, cost and report run on the corpus's map", async () => {
    // check 8 (no apocrypha in unfiltered answers) holds only with the corpus's map
    // (check 11 cannot hold on a 4-document corpus: the legacy catalog is small)
    const conformance = await runCli(["conformance", "--corpus", root]);
    expect(conformance.stdout).toMatch(
      /PASS {2}8 {2}Unfiltered query-shaped responses hold no journals or apocr/,
    );
    const report = JSON.parse((await runCli(["report", "--corpus", root, "--json"])).stdout) as {
      audit: { kindMapSource: unknown; totals: { byKind: Record<string, number> } };
    };
    expect(report.audit.kindMapSource).toEqual({ from: "corpus", file: "oddkit.kinds.json" });
    expect(report.audit.totals.byKind.apocrypha).toBe(3);
    const cost = await runCli(["cost", "--corpus", root, "--json"]);
    expect(cost.stderr).toBe("");
    expect(cost.stdout).toMatch(/embedded server on .*commands \(4 documents\)/);
  });
});

describe("the bundled sample", () => {
  it("ships its map at the root", async () => {
    expect(await corpusKindMap(sampleCorpusDir())).toMatchObject({
      source: { from: "corpus", file: "oddkit.kinds.json" },
    });
  });
});
