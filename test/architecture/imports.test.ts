import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { areaOf, cycles, type ImportEdge, importsOf, ROOT, sourceFiles } from "./import-graph.js";
import { entrySources } from "./public-surface.js";

const FILES = sourceFiles();
/**
 * The contract's version window (semver): a second door into the contract,
 * kept out of its index so that semver stays out of the client bundle.
 */
const VERSION_WINDOW = "src/contract/version-window.ts";
/**
 * The contract's plain-data doors, which load no zod at run time: the action table and the tuples
 * it is built from, so the CLI's `--help` can list the retrieval verbs from ACTION_SPECS; the kind
 * and URI rules, so the folder load's worker threads build documents without zod.
 */
const ZOD_FREE = [
  "src/contract/actions.ts",
  "src/contract/names.ts",
  "src/contract/kinds.ts",
  "src/contract/uris.ts",
];
/** The files package.json `exports` points at. */
const PACKAGE_ENTRIES = new Set(Object.values(entrySources()).map((file) => relative(ROOT, file)));
const isPackageEntry = (file: string) => PACKAGE_ENTRIES.has(file);
const EDGES = FILES.flatMap((file) => importsOf(file));
const LOCAL = EDGES.filter((e) => e.relative);
/** Static imports only: a lazy import() (the CLI registry loading a command) is no load-order cycle. */
const STATIC = LOCAL.filter((e) => !e.dynamic);

function graphOf(edges: readonly ImportEdge[], node: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const [a, b] = [node(e.from), node(e.to)];
    if (a === b && node !== String) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)?.add(b);
  }
  return graph;
}

/** The files `roots` load at run time (static, value imports), and the packages those import. */
function loadedFrom(roots: readonly string[]): { seen: Set<string>; packages: string[] } {
  const seen = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const e of EDGES.filter((x) => x.from === file && !x.typeOnly && !x.dynamic)) {
      if (e.relative) visit(e.to);
      else packages.push(`${file} → ${e.to}`);
    }
  };
  for (const root of roots) visit(root);
  return { seen, packages };
}

describe("import boundaries of src/", () => {
  it("reads the real graph (guards the checks below against an empty scan)", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(LOCAL.some((e) => e.from === "src/index.ts" && e.to === "src/client/client.ts")).toBe(true);
    // Imports leaving src/ (the codemods) are boundaries, not nodes; they must still name real files.
    expect(LOCAL.filter((e) => !existsSync(join(ROOT, e.to))).map((e) => e.to)).toEqual([]);
  });

  it("no file imports itself back, type-only imports included", () => {
    expect(cycles(graphOf(STATIC, String))).toEqual([]);
  });

  it("no two areas import each other, even through others (areas are folders under src/)", () => {
    expect(cycles(graphOf(STATIC, areaOf))).toEqual([]);
  });

  it("src/contract/ imports nothing from outside itself but zod (and semver, in the version window only)", () => {
    const out = EDGES.filter(
      (e) =>
        areaOf(e.from) === "contract" &&
        (e.relative
          ? areaOf(e.to) !== "contract"
          : e.to !== "zod" && !(e.from === VERSION_WINDOW && e.to.startsWith("semver/"))),
    );
    expect(out.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("src/errors/ imports nothing but itself and the contract", () => {
    const out = LOCAL.filter(
      (e) => areaOf(e.from) === "errors" && !["errors", "contract"].includes(areaOf(e.to)),
    );
    expect(out.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  // The package entries (src/index.ts, src/entries/) list each public name from the module that
  // declares it, so an entry never re-exports a barrel's `export *` (test/architecture/public-surface.test.ts).
  it("other areas reach the contract through its index (or the version window) only; package entries name its modules", () => {
    const deep = LOCAL.filter(
      (e) =>
        areaOf(e.from) !== "contract" &&
        !isPackageEntry(e.from) &&
        areaOf(e.to) === "contract" &&
        e.to !== "src/contract/index.ts" &&
        e.to !== VERSION_WINDOW &&
        !ZOD_FREE.includes(e.to),
    );
    expect(deep.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("the contract's plain-data doors load no zod at run time, even through others", () => {
    const { seen, packages } = loadedFrom(ZOD_FREE);
    expect(seen.size).toBeGreaterThanOrEqual(ZOD_FREE.length);
    expect(packages).toEqual([]);
  });

  it("the folder load's worker thread loads no package but yaml at run time (each worker starts it)", () => {
    const { seen, packages } = loadedFrom(["src/server/search/load-worker.ts"]);
    expect(seen.has("src/corpus/document.ts")).toBe(true);
    expect(packages.filter((e) => !/ → (node:|yaml$)/.test(e))).toEqual([]);
  });

  it("every exported error class derives from OddkitError (none extends a built-in error directly)", () => {
    const direct = FILES.filter((file) =>
      /export class \w+ extends (Error|TypeError|RangeError|SyntaxError)\b/.test(
        readFileSync(join(ROOT, file), "utf8"),
      ),
    );
    // Exceptions, each never thrown at a caller as is: the client transport's own failures
    // (toTransportError maps them to OddkitTransportError/OddkitTimeoutError), and the version
    // window's, which lives in the contract core (it imports nothing outside itself; era
    // detection rethrows it as EraDetectionError).
    expect(direct).toEqual([
      "src/client/http-transport.ts",
      "src/client/mcp-client.ts",
      VERSION_WINDOW,
      "src/errors/oddkit-error.ts",
    ]);
  });

  it("every error class declares its own name as a literal (names survive minifiers)", () => {
    const classes = FILES.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), "utf8").matchAll(
          /class (\w+) extends (\w*Error)\b[^{]*\{([\s\S]*?)\n\}/g,
        ),
      ].map(([, name, , body]) => ({ file, name, body: body ?? "" })),
    );
    expect(classes.length).toBeGreaterThan(20);
    const unnamed = classes
      .filter(
        (c) =>
          !c.body.includes(`readonly name = "${c.name}"`) && !c.body.includes(`name: string = "${c.name}"`),
      )
      .map((c) => `${c.file}: ${c.name}`);
    // Private stand-ins that never reach a caller (a changed corpus, an oversized body) may go unnamed.
    expect(unnamed).toEqual(["src/helpers/collect.ts: CorpusChanged", "src/server/listen.ts: BodyTooLarge"]);
  });
});

describe("the cycle finder", () => {
  it("finds a two-node and a self cycle, and passes a chain", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["a", "c"])],
      ["c", new Set(["d"])],
      ["d", new Set(["d"])],
    ]);
    expect(cycles(graph)).toEqual([["d"], ["a", "b"]]);
    expect(
      cycles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["c"])],
        ]),
      ),
    ).toEqual([]);
  });

  it("marks type-only imports and resolves relative specifiers to .ts files", () => {
    const edges = importsOf(
      "src/x/y.ts",
      'import type { A } from "../contract/index.js";\nimport { type B } from "./b.js";\nimport { c, type D } from "zod";\nexport * from "../errors/index.js";\nconst m = import("./lazy.js");',
    );
    expect(edges).toEqual([
      { from: "src/x/y.ts", to: "src/contract/index.ts", typeOnly: true, relative: true },
      { from: "src/x/y.ts", to: "src/x/b.ts", typeOnly: true, relative: true },
      { from: "src/x/y.ts", to: "zod", typeOnly: false, relative: false },
      { from: "src/x/y.ts", to: "src/errors/index.ts", typeOnly: false, relative: true },
      { from: "src/x/y.ts", to: "src/x/lazy.ts", typeOnly: false, relative: true, dynamic: true },
    ]);
  });
});

describe("areaOf", () => {
  it("names the folder under src/, a top-level file, or the top folder outside src/", () => {
    expect(areaOf("src/client/cache/layer.ts")).toBe("client");
    expect(areaOf("src/tokens.ts")).toBe("tokens");
    expect(areaOf("codemods/lib/shapes.ts")).toBe("codemods");
  });
});
