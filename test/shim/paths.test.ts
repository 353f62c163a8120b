/**
 * Repository paths of contract entries: exact for default URIs, verified
 * guesses for declared ones, and path_prefix probing when a declared URI
 * says nothing about the path.
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

describe("PathResolver", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ corpus: corpusFromFiles(files), mode: "contract" });
  });
  afterAll(() => server.close());

  const queries = () =>
    [...server.corpus.documents].map((d) => ({ uri: d.uri, title: d.title, declaredUri: d.frontmatter.uri }));

  it("finds every path, probing where the URI names none", async () => {
    const calls: string[] = [];
    const paths = await new PathResolver(callerOf(server, calls)).paths(queries(), [], true);
    expect(paths).toEqual(server.corpus.documents.map((d) => d.path));
    expect(calls.length).toBeGreaterThan(5); // the alias and the moved URI needed probes
  });

  it("guesses the legacy index's mapping and the scheme-stripped path", () => {
    expect(candidatePaths("odd://canon/x")).toEqual(["odd/canon/x.md", "canon/x.md"]);
    expect(candidatePaths("klappy://docs/a")).toEqual(["docs/a.md"]);
  });

  it("stops at its call budget with an error that says what to do", async () => {
    const resolver = new PathResolver(callerOf(server), { maxProbeCalls: 3 });
    await expect(resolver.paths(queries(), [], true)).rejects.toThrow(PathProbeError);
    await expect(
      new PathResolver(callerOf(server), { maxProbeCalls: 3 }).paths(queries(), [], true),
    ).rejects.toThrow(/raise maxProbeCalls/);
  });
});
