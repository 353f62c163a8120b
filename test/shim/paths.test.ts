/**
 * Repository paths of contract entries, never a failed listing: exact for
 * default URIs, confirmed for declared URIs that name their file, taken from
 * the consumer's `pathOf` or file list where given, and otherwise derived
 * from the URI and listed as derived (a documented difference).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PathProbeError } from "../../src/errors/index.js";
import { corpusFromFiles, createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { candidatePaths, PathResolver } from "../../src/shim/backward/paths.js";
import { callerOf } from "./harness.js";

const files = [
  { path: "docs/alpha.md", text: "---\ntitle: Alpha\n---\n# Alpha\n" },
  { path: "docs/bravo.md", text: "---\ntitle: Bravo\nuri: klappy://docs/bravo\n---\n# Bravo\n" },
  {
    path: "docs/charlie-real-name.md",
    text: "---\ntitle: Charlie\nuri: kb://sources/alias\n---\n# Charlie\n",
  },
  { path: "writings/delta.md", text: "---\ntitle: Delta\nuri: oddkit://writings/delta\n---\n# Delta\n" },
  { path: "canon/echo_2.md", text: "---\ntitle: Echo\nuri: klappy://moved/echo\n---\n# Echo\n" },
];
/** The two documents whose declared URI names no file of the corpus. */
const UNNAMED = new Map([
  ["kb://sources/alias", "docs/charlie-real-name.md"],
  ["klappy://moved/echo", "canon/echo_2.md"],
]);

describe("PathResolver", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ corpus: corpusFromFiles(files), mode: "contract" });
  });
  afterAll(() => server.close());

  const queries = () =>
    [...server.corpus.documents].map((d) => ({ uri: d.uri, title: d.title, declaredUri: d.frontmatter.uri }));
  const truePaths = () => server.corpus.documents.map((d) => d.path);

  it("confirms URIs that name their file and derives the rest, listing each derived path", async () => {
    const calls: string[] = [];
    const resolver = new PathResolver(callerOf(server, calls));
    const paths = await resolver.paths(queries(), [], true);
    const expected = truePaths().map((p, i) => {
      const uri = queries()[i]!.uri;
      return UNNAMED.has(uri) ? candidatePaths(uri)[0] : p;
    });
    expect(paths).toEqual(expected);
    expect([...resolver.derived.keys()].sort()).toEqual([...UNNAMED.keys()].sort());
    for (const d of resolver.derived.values()) expect(d.reason).toMatch(/not confirmed/);
    expect(calls.length).toBeGreaterThan(0); // bravo and delta were confirmed by a listing
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it("takes every path from the consumer's file list or pathOf, deriving none", async () => {
    const fromFiles = new PathResolver(callerOf(server), { files: files.map((f) => f.path) });
    expect(await fromFiles.paths(queries(), [], true)).toEqual(truePaths());
    expect(fromFiles.derived.size).toBe(0);

    const fromPathOf = new PathResolver(callerOf(server), { pathOf: (uri) => UNNAMED.get(uri) });
    expect(await fromPathOf.paths(queries(), [], true)).toEqual(truePaths());
    expect(fromPathOf.derived.size).toBe(0);
  });

  it("guesses the legacy index's mapping and the scheme-stripped path", () => {
    expect(candidatePaths("odd://canon/x")).toEqual(["odd/canon/x.md", "canon/x.md"]);
    expect(candidatePaths("klappy://docs/a")).toEqual(["docs/a.md"]);
  });

  it("spends no more than its call budget and still answers, deriving what it could not confirm", async () => {
    const calls: string[] = [];
    const resolver = new PathResolver(callerOf(server, calls), { maxProbeCalls: 0 });
    const paths = await resolver.paths(queries(), [], true);
    expect(calls).toEqual([]);
    expect(paths).toHaveLength(files.length);
    // Every declared URI is now derived; the undeclared one is still exact.
    expect(resolver.derived.size).toBe(4);
    expect(paths).toContain("docs/alpha.md");
  });

  it("refuses a pathOf answer that cannot be a path, saying what to return", async () => {
    const resolver = new PathResolver(callerOf(server), { pathOf: () => "not-markdown" });
    await expect(resolver.paths(queries(), [], true)).rejects.toThrow(PathProbeError);
    await expect(resolver.paths(queries(), [], true)).rejects.toThrow(/ending in \.md/);
  });
});
