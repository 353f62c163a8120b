/**
 * The agent verbs are twins of the library: `context` prints exactly
 * `buildContext`'s object with --json (and its Markdown rendering without),
 * `admit` prints `admit`'s record; same server, same request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContext, type ContextOptions, renderContext } from "../../src/agent/index.js";
import { main } from "../../src/cli/main.js";
import { createOddkitClient, type OddkitClient } from "../../src/client/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

const CORPUS = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    isTTY: false,
    cwd: ".",
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

let server: ReferenceServer;
let url: string;
let library: OddkitClient;
beforeAll(async () => {
  server = await createReferenceServer({ corpus: CORPUS });
  url = (await server.listen({ port: 0 })).url;
  library = createOddkitClient({ url });
});
afterAll(async () => {
  await library.close();
  await server.close();
});

describe("context", () => {
  it.each<[string[], ContextOptions]>([
    [["--budget", "500"], { budgetTokens: 500 }],
    [["--budget", "4000", "--include-all"], { budgetTokens: 4000, includeAll: true }],
    [
      ["--include", "essays,docs", "--exposure", "public,nav"],
      { filters: { include: ["essays", "docs"], exposure: ["public", "nav"] } },
    ],
    [[], {}],
  ])("context %j --json is buildContext(%j)", async (flags, options) => {
    const { code, stdout, stderr } = await run([
      "context",
      "write an essay",
      ...flags,
      "--url",
      url,
      "--json",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const viaLibrary = await buildContext(library, "write an essay", options);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(viaLibrary)));
  });

  it("prints the Markdown rendering without --json", async () => {
    const { code, stdout } = await run(["context", "write an essay", "--budget", "900", "--url", url]);
    expect(code).toBe(0);
    expect(stdout).toBe(renderContext(await buildContext(library, "write an essay", { budgetTokens: 900 })));
  });

  it.each([
    [["--budget", "ten"], /--budget: 'ten' is not a non-negative integer/],
    [["--budget", "-5"], /--budget: '-5' is not a non-negative integer/],
    [["--tier", "9"], /--tier: '9' is not one of 1, 2, 3, 4/],
  ])("bad value %j → exit 2 naming it", async (flags, message) => {
    const { code, stderr, stdout } = await run(["context", "a task", ...flags, "--corpus", CORPUS]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe("");
  });
});
