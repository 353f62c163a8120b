/**
 * The bundled sample corpus (corpus/sample/) has the shape, the mess and the
 * cost of the reference knowledge base (docs/corpus.md, "The sample corpus"), and
 * is exactly what scripts/generate-corpus.ts produces.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generateCorpus,
  KIND_MAP_FILE,
  KIND_MAP_TEXT,
  MARKER_FILE,
  writeCorpus,
} from "../../scripts/generate-corpus.js";
import { DEFAULT_KIND_MAP } from "../../src/contract/index.js";
import { type Corpus, type CorpusDocument, loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import { countTokens } from "../../src/tokens.js";

let corpus: Corpus;
let docs: readonly CorpusDocument[];
const temps: string[] = [];

beforeAll(async () => {
  corpus = await loadCorpus(sampleCorpusDir());
  docs = corpus.documents;
});
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "oddkit-sample-"));
  temps.push(dir);
  return dir;
}

/** Share of `items` (default: all documents) matching `test`, in percent. */
function pct<T>(test: (item: T) => boolean, items: readonly T[]): number {
  return (100 * items.filter(test).length) / items.length;
}
const all = (test: (d: CorpusDocument) => boolean) => pct(test, docs);
const under = (prefix: string) => docs.filter((d) => d.path.startsWith(prefix));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const fm = (d: CorpusDocument) => d.frontmatter;
const hasFrontmatter = (d: CorpusDocument) => Object.keys(d.frontmatter).length > 0;

async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.set(relative(dir, full), await readFile(full));
  }
  return out;
}

describe("loading", () => {
  it("serves all 566 documents; only the two deliberately broken files warn", () => {
    expect(docs).toHaveLength(566);
    expect(corpus.skipped).toEqual([]);
    expect(corpus.warnings.map((w) => [w.path, w.line])).toEqual([
      ["odd/journal/2026-02-11-unclosed-quote.md", 2],
      ["odd/journal/2026-02-12-tags-after-keys.md", expect.any(Number)],
    ]);
  });

  it("still reads the broken files' fields (the lenient reader keeps the tags written after other keys)", () => {
    const broken = corpus.byPath.get("odd/journal/2026-02-12-tags-after-keys.md")!;
    expect(broken.title).toBe("Journal: Tags Written After the Other Keys");
    expect(Array.isArray(fm(broken).tags) && (fm(broken).tags as unknown[]).length).toBeGreaterThan(0);
    expect(corpus.byPath.get("odd/journal/2026-02-11-unclosed-quote.md")!.title).toBe(
      "Journal: The Quote That Never Closed",
    );
  });
});

describe("layout and kinds", () => {
  it("folder shares: canon 28%, docs 22%, odd 23%, writings 24%, ~3% elsewhere", () => {
    expect(pct((d) => d.path.startsWith("canon/"), docs)).toBeCloseTo(28, 0);
    expect(pct((d) => d.path.startsWith("docs/"), docs)).toBeCloseTo(22, 0);
    expect(pct((d) => d.path.startsWith("odd/"), docs)).toBeCloseTo(23, 0);
    expect(pct((d) => d.path.startsWith("writings/"), docs)).toBeCloseTo(24, 0);
    const elsewhere = docs.filter((d) => !/^(canon|docs|odd|writings)\//.test(d.path));
    expect(elsewhere.length).toBeGreaterThanOrEqual(12);
    expect(new Set(elsewhere.map((d) => d.path.split("/")[0]))).toEqual(
      new Set(["public", "skills", "scripts", "interfaces", "infra", "projects", ".cursor"]),
    );
    expect(elsewhere.every((d) => d.kind === null)).toBe(true);
  });

  it("12% declare kind: 9% override their path, 3% declare kind: odd in odd/ledger/", () => {
    expect(all((d) => "kind" in fm(d))).toBeCloseTo(12, 0);
    expect(all((d) => d.kindResolution.overridesPath)).toBeCloseTo(9, 0);
    expect(all((d) => d.kindResolution.invalidDeclaredKind === "odd")).toBeCloseTo(3, 0);
    const overridden = docs.filter((d) => d.kindResolution.overridesPath);
    for (const d of overridden) {
      const expected = d.path.startsWith("odd/handoffs/") ? "docs" : "canon";
      expect([d.path.split("/")[1], d.kind]).toEqual([d.path.split("/")[1], expected]);
      expect(d.path).toMatch(/^odd\/(challenge|gate|contract|handoffs)\//);
    }
    expect(
      docs
        .filter((d) => d.kindResolution.invalidDeclaredKind === "odd")
        .every((d) => d.path.startsWith("odd/ledger/")),
    ).toBe(true);
  });

  it("only a third of odd/handoffs/ overrides to docs: the rest stay journals, for the session-history catalog", () => {
    const handoffs = under("odd/handoffs/");
    expect(handoffs.length).toBeGreaterThanOrEqual(12);
    expect(pct((d) => fm(d).kind === "docs" && d.kind === "docs", handoffs)).toBeCloseTo(33, -1);
    const journals = handoffs.filter((d) => d.kind === "journals");
    expect(journals.length + handoffs.filter((d) => d.kind === "docs").length).toBe(handoffs.length);
    expect(journals.length).toBeGreaterThanOrEqual(2 * Math.floor(handoffs.length / 3));
  });

  it("apocrypha live under canon/apocrypha/ with audience apocrypha (7% of canon)", async () => {
    const canon = under("canon/");
    const apocrypha = canon.filter((d) => fm(d).audience === "apocrypha");
    expect(pct((d) => fm(d).audience === "apocrypha", canon)).toBeCloseTo(7, 0);
    expect(apocrypha.every((d) => d.path.startsWith("canon/apocrypha/"))).toBe(true);
    // the corpus carries its own kind map, so they resolve as apocrypha, not canon
    expect(corpus.kindMapSource).toEqual({ from: "corpus", file: KIND_MAP_FILE });
    expect(corpus.documents.filter((d) => d.kind === "apocrypha").map((d) => d.path)).toEqual(
      apocrypha.map((d) => d.path),
    );
    // and the default prefixes alone would call them canon
    const unmapped = await loadCorpus(sampleCorpusDir(), { kindMap: DEFAULT_KIND_MAP });
    expect(
      unmapped.documents
        .filter((d) => d.path.startsWith("canon/apocrypha/"))
        .every((d) => d.kind === "canon"),
    ).toBe(true);
  });

  it("4% have no frontmatter at all (9% of journals)", () => {
    expect(all((d) => !hasFrontmatter(d))).toBeCloseTo(4, 0);
    expect(pct((d) => !hasFrontmatter(d), under("odd/"))).toBeGreaterThanOrEqual(8);
    expect(pct((d) => !hasFrontmatter(d), under("odd/"))).toBeLessThanOrEqual(10);
  });
});

describe("structural fields by path kind", () => {
  const share = (prefix: string, field: string, value: unknown) =>
    pct((d) => fm(d)[field] === value, under(prefix));

  it("canon: audience canon ~91% / apocrypha 7%, exposure nav ~96%, tier 1 and 2 at ~44% each", () => {
    expect(share("canon/", "audience", "canon")).toBeGreaterThanOrEqual(88);
    expect(share("canon/", "exposure", "nav")).toBeGreaterThanOrEqual(92);
    expect(share("canon/", "exposure", "hidden")).toBeGreaterThanOrEqual(2);
    expect(share("canon/", "tier", 1)).toBeCloseTo(44, -1);
    expect(share("canon/", "tier", 2)).toBeCloseTo(44, -1);
    expect(share("canon/", "tier", 3)).toBeCloseTo(10, -1);
  });

  it("docs: audience docs ~85% with kitchen and operators ~4% each; exposure nav ~76%, internal 15%", () => {
    expect(share("docs/", "audience", "docs")).toBeCloseTo(85, -1);
    expect(share("docs/", "audience", "kitchen")).toBeCloseTo(4, 0);
    expect(share("docs/", "audience", "operators")).toBeCloseTo(4, 0);
    expect(share("docs/", "exposure", "nav")).toBeCloseTo(76, -1);
    expect(share("docs/", "exposure", "internal")).toBeCloseTo(15, 0);
    expect(share("docs/", "tier", 2)).toBeCloseTo(56, -1);
  });

  it("journals: audience odd ~40%, docs ~26%, canon ~19%, backlog ~4%; tier 3 ~40%, 2 ~37%", () => {
    expect(share("odd/", "audience", "odd")).toBeCloseTo(40, -1);
    expect(share("odd/", "audience", "docs")).toBeCloseTo(26, -1);
    expect(share("odd/", "audience", "canon")).toBeCloseTo(19, -1);
    expect(share("odd/", "audience", "backlog")).toBeCloseTo(4, 0);
    expect(share("odd/", "exposure", "nav")).toBeCloseTo(82, -1);
    expect(share("odd/", "tier", 3)).toBeCloseTo(40, -1);
    expect(share("odd/", "tier", 2)).toBeCloseTo(37, -1);
    expect(share("odd/", "tier", 4)).toBeGreaterThan(0);
  });

  it("essays: audience public; exposure public 80% / nav 12% / draft 8%; public: true 85%; start_here 24%", () => {
    expect(share("writings/", "audience", "public")).toBeGreaterThanOrEqual(98);
    expect(share("writings/", "exposure", "public")).toBeCloseTo(80, -1);
    expect(share("writings/", "exposure", "draft")).toBeCloseTo(8, 0);
    expect(share("writings/", "tier", 1)).toBeCloseTo(49, -1);
    expect(share("writings/", "public", true)).toBeCloseTo(85, -1);
    expect(share("writings/", "public", false)).toBeCloseTo(7, 0);
    expect(share("writings/", "start_here", true)).toBeCloseTo(24, 0);
  });

  it("~8% of documents miss audience or carry a value outside the enumeration (kitchen, backlog, agents)", () => {
    const valid = new Set(["canon", "docs", "public", "odd", "operators", "apocrypha"]);
    expect(all((d) => !valid.has(fm(d).audience as string))).toBeCloseTo(8, -1);
    const seen = new Set(docs.map((d) => fm(d).audience));
    for (const invalid of ["kitchen", "backlog", "agents"]) expect(seen.has(invalid)).toBe(true);
    expect(
      all((d) => !["nav", "public", "draft", "hidden", "internal"].includes(fm(d).exposure as string)),
    ).toBeCloseTo(8, -1);
    expect(all((d) => ![1, 2, 3, 4].includes(fm(d).tier as number))).toBeCloseTo(7, -1);
  });

  it("start_here on 8%, always with start_here_order and start_here_label", () => {
    const starters = docs.filter((d) => fm(d).start_here === true);
    expect(all((d) => fm(d).start_here === true)).toBeCloseTo(8, 0);
    expect(
      starters.every(
        (d) => typeof fm(d).start_here_order === "number" && typeof fm(d).start_here_label === "string",
      ),
    ).toBe(true);
  });
});

describe("field presence (all documents)", () => {
  const FIGURES: Record<string, number> = {
    title: 94,
    audience: 94,
    uri: 94,
    tier: 93,
    exposure: 92,
    stability: 92,
    tags: 91,
    voice: 90,
    date: 61,
    epoch: 60,
    derives_from: 56,
    complements: 38,
    status: 30,
    governs: 26,
    target_repo: 25,
    type: 24,
    description: 24,
    hook: 23,
    slug: 22,
    public: 22,
    subtitle: 21,
    author: 21,
    og_description: 20,
    og_title: 16,
    twitter_description: 15,
    relevance: 14,
    execution_posture: 13,
    kind: 12,
    related: 12,
    og_type: 11,
    twitter_card: 11,
    twitter_title: 11,
    start_here: 8,
    provenance: 8,
    og_image: 6,
    twitter_image: 6,
    superseded_by: 1,
    supersedes: 2,
  };
  for (const [field, expected] of Object.entries(FIGURES)) {
    it(`${field}: ${expected}% (±3)`, () => {
      const actual = all((d) => field in fm(d));
      expect(Math.abs(actual - expected)).toBeLessThanOrEqual(3);
    });
  }

  it("keys per document: median 13, p90 26; plus a long tail of rarer keys", () => {
    const keys = docs.map((d) => Object.keys(fm(d)).length);
    expect(Math.abs(median(keys) - 13)).toBeLessThanOrEqual(2);
    expect(Math.abs(p90(keys) - 26)).toBeLessThanOrEqual(3);
    const common = new Set(Object.keys(FIGURES).concat(["start_here_order", "start_here_label"]));
    const rare = new Set(docs.flatMap((d) => Object.keys(fm(d))).filter((k) => !common.has(k)));
    expect(rare.size).toBeGreaterThanOrEqual(35);
  });

  it("tags: median 7, p90 10; distinct tags scale from 689 over 251 documents", () => {
    const lists = docs.map((d) => fm(d).tags).filter(Array.isArray) as string[][];
    expect(median(lists.map((t) => t.length))).toBe(7);
    expect(p90(lists.map((t) => t.length))).toBe(10);
    const distinct = new Set(lists.flat()).size;
    expect(distinct).toBeGreaterThan(900);
    expect(distinct).toBeLessThan(1700);
  });

  it("uri: klappy:// on ~92%, absent on 6%, oddkit:// or odd:// on ~1%", () => {
    const uri = (d: CorpusDocument) => fm(d).uri as string | undefined;
    expect(all((d) => uri(d)?.startsWith("klappy://") === true)).toBeCloseTo(92, -1);
    expect(all((d) => uri(d) === undefined)).toBeCloseTo(6, 0);
    const other = all((d) => /^(oddkit|odd):\/\//.test(uri(d) ?? ""));
    expect(other).toBeGreaterThanOrEqual(0.5);
    expect(other).toBeLessThanOrEqual(1.5);
  });

  it("titles: median ~42 characters; dates on 61%, all readable except none", () => {
    expect(Math.abs(median(docs.map((d) => d.title.length)) - 42)).toBeLessThanOrEqual(6);
    expect(all((d) => d.date !== null)).toBeCloseTo(61, 0);
    expect(docs.filter((d) => "date" in fm(d) && d.date === null)).toEqual([]);
  });
});

describe("text tiers", () => {
  it("blockquote under the H1 on 77% (canon 84%, docs 80%, journals 75%, essays 80%); median ~388, p90 ~762 chars", () => {
    expect(all((d) => d.blockquote !== null)).toBeCloseTo(77, -1);
    for (const [prefix, expected] of [
      ["canon/", 84],
      ["docs/", 80],
      ["odd/", 75],
      ["writings/", 80],
    ] as const) {
      expect(Math.abs(pct((d) => d.blockquote !== null, under(prefix)) - expected)).toBeLessThanOrEqual(4);
    }
    const lengths = docs.flatMap((d) => (d.blockquote ? [d.blockquote.length] : []));
    expect(Math.abs(median(lengths) - 388)).toBeLessThanOrEqual(60);
    expect(Math.abs(p90(lengths) - 762)).toBeLessThanOrEqual(120);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(1648);
  });

  it("## Summary on 48% (essays 81%, canon 43%, journals 42%, docs 33%); median ~1,000 chars", () => {
    expect(all((d) => d.summary !== null)).toBeCloseTo(48, -1);
    for (const [prefix, expected] of [
      ["writings/", 81],
      ["canon/", 43],
      ["odd/", 42],
      ["docs/", 33],
    ] as const) {
      expect(Math.abs(pct((d) => d.summary !== null, under(prefix)) - expected)).toBeLessThanOrEqual(4);
    }
    const lengths = docs.flatMap((d) => (d.summary ? [d.summary.length] : []));
    expect(Math.abs(median(lengths) - 1000)).toBeLessThanOrEqual(150);
    expect(docs.some((d) => d.body.includes("## Summary — The short version"))).toBe(true);
    expect(docs.some((d) => /^## Summary: /m.test(d.body))).toBe(true);
  });

  it("bodies: median ~6,800 chars, p90 ~18,700, essays ~13,500; real prose, not a repeated filler", () => {
    const lengths = docs.map((d) => d.body.length);
    expect(Math.abs(median(lengths) - 6800)).toBeLessThanOrEqual(800);
    expect(Math.abs(p90(lengths) - 18700)).toBeLessThanOrEqual(2500);
    expect(Math.abs(median(under("writings/").map((d) => d.body.length)) - 13500)).toBeLessThanOrEqual(1500);
    expect(all((d) => d.body.includes("```"))).toBeGreaterThan(20);
    expect(all((d) => /^- /m.test(d.body))).toBeGreaterThan(30);
    const paragraphs = docs.flatMap((d) =>
      d.body.split("\n\n").filter((p) => p.length > 200 && /^[A-Z]/.test(p)),
    );
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });

  it("frontmatter as JSON: median ~621 chars, essays the heaviest with social-card fields", () => {
    const sizes = docs.map((d) => JSON.stringify(fm(d)).length);
    expect(Math.abs(median(sizes) - 621)).toBeLessThanOrEqual(120);
    expect(median(under("writings/").map((d) => JSON.stringify(fm(d)).length))).toBeGreaterThan(1400);
    expect(Math.max(...sizes)).toBeGreaterThan(5000);
  });
});

describe("odd YAML kept on purpose", () => {
  it("has block-list tags written at the left margin, escaped quotes, quoted and unquoted dates", () => {
    expect(docs.filter((d) => /\ntags:\n- /.test(d.raw)).length).toBeGreaterThanOrEqual(5);
    expect(docs.filter((d) => /^title: ".*\\".*"$/m.test(d.raw)).length).toBeGreaterThanOrEqual(5);
    expect(docs.some((d) => /^date: "\d{4}-\d{2}-\d{2}"$/m.test(d.raw))).toBe(true);
    expect(docs.some((d) => /^date: \d{4}-\d{2}-\d{2}$/m.test(d.raw))).toBe(true);
    expect(docs.some((d) => /^date: \d{4}-\d{2}-\d{2}T[\d:]+Z$/m.test(d.raw))).toBe(true);
  });
});

describe("documents the server's actions rely on", () => {
  it("QUICKSTART and README paths and a 'Getting started' title for the legacy start_here rule", () => {
    expect(corpus.byPath.has("docs/guides/QUICKSTART.md")).toBe(true);
    expect(corpus.byPath.has("docs/reference/README.md")).toBe(true);
    expect(docs.some((d) => d.title.toLowerCase().includes("getting started"))).toBe(true);
  });

  it("a definition of done and constraints for preflight", () => {
    expect(corpus.byPath.has("canon/definitions/definition-of-done.md")).toBe(true);
    expect(under("canon/constraints/").length).toBeGreaterThan(20);
  });

  it("superseded_by chains: URI and path forms (with and without .md), across folders, one cycle, one dangling", () => {
    const next = (path: string) => fm(corpus.byPath.get(path)!).superseded_by;
    expect(next("canon/principles/disclosure-v1.md")).toBe("klappy://canon/principles/disclosure-v2");
    expect(next("canon/principles/disclosure-v2.md")).toBe("canon/principles/disclosure-v3.md");
    expect(next("canon/principles/disclosure-v3.md")).toBeUndefined();
    expect(next("docs/guides/catalog-usage-2025.md")).toBe("writings/the-lean-catalog");
    expect(corpus.byPath.has("writings/the-lean-catalog.md")).toBe(true);
    expect(next("odd/ledger/E0006-cycle-a.md")).toBe("klappy://odd/ledger/E0006-cycle-b");
    expect(next("odd/ledger/E0006-cycle-b.md")).toBe("odd/ledger/E0006-cycle-a.md");
    expect(next("docs/reference/legacy-envelope.md")).toBe("klappy://docs/reference/envelope-v2");
    expect(corpus.byUri.has("klappy://docs/reference/envelope-v2")).toBe(false);
  });
});

describe("cost of the legacy fat catalog", () => {
  it("costs 300–420 cl100k tokens per document as one fat-catalog envelope, inside the real corpus's 200–450", async () => {
    const tags = [
      ...new Set(docs.flatMap((d) => (Array.isArray(fm(d).tags) ? (fm(d).tags as string[]) : []))),
    ];
    const envelope = {
      action: "catalog",
      result: {
        total: docs.length,
        canon: docs.length,
        baseline: 0,
        baseline_total: 0,
        categories: tags,
        start_here: ["docs/guides/QUICKSTART.md", "docs/reference/README.md"],
        articles: docs.map((d) => ({ path: d.path, uri: d.uri, title: d.title, metadata: d.frontmatter })),
        pagination: { offset: 0, limit: 500, total_candidates: docs.length, has_more: true },
      },
      server_time: "2026-05-23T00:00:00.000Z",
      assistant_text: `Catalog: ${docs.length} documents.`,
    };
    const perDocument = (await countTokens(JSON.stringify(envelope, null, 2))) / docs.length;
    expect(perDocument).toBeGreaterThanOrEqual(300);
    expect(perDocument).toBeLessThanOrEqual(420);
  });
});

describe("the generator", () => {
  it("the committed corpus is exactly the default output (regenerate with `npx tsx scripts/generate-corpus.ts`)", async () => {
    const committed = await snapshot(sampleCorpusDir());
    const generated = new Map([...generateCorpus()].map((f) => [f.path, Buffer.from(f.text)]));
    committed.delete(MARKER_FILE);
    expect(committed.get(KIND_MAP_FILE)?.toString()).toBe(KIND_MAP_TEXT);
    committed.delete(KIND_MAP_FILE);
    expect([...committed.keys()].sort()).toEqual([...generated.keys()].sort());
    for (const [path, bytes] of generated) expect(committed.get(path)?.equals(bytes), path).toBe(true);
  });

  it("is deterministic: the CLI and the library write the same bytes, run after run", async () => {
    const [cli, first, second] = [await tempDir(), await tempDir(), await tempDir()];
    const script = join(import.meta.dirname, "../../scripts/generate-corpus.ts");
    execFileSync(process.execPath, ["--import", "tsx", script, "--docs", "60", "--out", cli, "--seed", "s1"]);
    writeCorpus(first, { docs: 60, seed: "s1" });
    writeCorpus(second, { docs: 60, seed: "s1" });
    const [fromCli, a, b] = await Promise.all([snapshot(cli), snapshot(first), snapshot(second)]);
    expect(fromCli.size).toBe(62); // 60 documents, the kind map, the marker
    expect(b).toEqual(a);
    expect(fromCli).toEqual(a);
  });

  it("a different seed gives a different corpus of the same size", () => {
    const one = [...generateCorpus({ docs: 60, seed: "s1" })];
    const two = [...generateCorpus({ docs: 60, seed: "s2" })];
    expect(two).toHaveLength(one.length);
    expect(two.map((f) => f.text)).not.toEqual(one.map((f) => f.text));
  });

  it("scales: every share holds as exact quotas at 1,500 documents", async () => {
    const files = [...generateCorpus({ docs: 1500 })];
    expect(files).toHaveLength(1500);
    expect(new Set(files.map((f) => f.path)).size).toBe(1500);
    expect(pct((f) => f.path.startsWith("canon/"), files)).toBeCloseTo(28, 0);
    expect(pct((f) => !f.text.startsWith("---\n"), files)).toBeCloseTo(4, 0);
  });

  it("refuses a --docs that is not a positive integer, and a folder it did not make", async () => {
    expect(() => [...generateCorpus({ docs: 0 })]).toThrow("--docs must be a positive integer, got 0");
    const foreign = await tempDir();
    await writeFile(join(foreign, "notes.md"), "# mine\n");
    expect(() => writeCorpus(foreign, { docs: 5 })).toThrow(`refusing to write into ${foreign}`);
    expect(await readFile(join(foreign, "notes.md"), "utf8")).toBe("# mine\n");
  });
});
