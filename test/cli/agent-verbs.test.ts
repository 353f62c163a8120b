/**
 * The agent verbs are twins of the library: `context` prints exactly
 * `buildContext`'s object with --json (and its Markdown rendering without),
 * `admit` prints `admit`'s record; same server, same request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admit,
  browse,
  buildContext,
  type ContextOptions,
  type EvidencePacket,
  expand,
  renderContext,
  toEvidence,
} from "../../src/agent/index.js";
import { createOddkitClient, type OddkitClient } from "../../src/client/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { runMain } from "../support/cli-run.js";

const CORPUS = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;

const run = runMain;

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

describe("admit", () => {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-admit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let packet: EvidencePacket;
  const write = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
    return path;
  };

  beforeAll(async () => {
    const answer = await browse(library, "catalog", { include: ["essays", "docs"], limit: 4 });
    packet = await toEvidence(await expand(answer, { max: 3, budgetTokens: 50_000 }), {
      scope: { include: ["essays", "docs"] },
    });
  });

  it.each([
    [[], 0, 50_000],
    [["--budget", "40"], 4, 40],
  ])("admit %j --json is admit() of the same packet (exit %i)", async (flags, exit, budgetTokens) => {
    const file = write("packet.json", packet);
    const { code, stdout, stderr } = await run([
      "admit",
      file,
      "--include",
      "essays,docs",
      ...(flags.length > 0 ? flags : ["--budget", "50000"]),
      "--url",
      url,
      "--json",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(exit);
    const viaLibrary = await admit(packet, {
      client: library,
      scope: { include: ["essays", "docs"] },
      budgetTokens,
    });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(viaLibrary)));
  });

  it("prints what entered, what was refused and why, then the evidence", async () => {
    const file = write("packet.json", packet);
    const { code, stdout } = await run([
      "admit",
      file,
      "--include",
      "essays,docs",
      "--budget",
      "40",
      "--url",
      url,
    ]);
    expect(code).toBe(4);
    expect(stdout).toMatch(
      /^admission: (partial|refused) · \d+ entered, \d+ refused · \d+ of 40 cl100k tokens/,
    );
    expect(stdout).toMatch(/refused {2}klappy:\/\/\S+ \[budget\]: passed every check/);
    expect(stdout).toContain("--- admitted evidence (");
  });

  it("a caller scope narrower than the packet's refuses the packet (exit 2)", async () => {
    const file = write("packet.json", packet);
    const { code, stderr } = await run(["admit", file, "--include", "essays", "--url", url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/EVIDENCE_SCOPE_WIDENED: .*kinds docs are outside the allowed kinds essays/);
  });

  it.each([
    ["forged.json", () => ({ ...packet, request_identity: "0".repeat(64) }), /EVIDENCE_IDENTITY/],
    ["not-json.json", () => "{ not json", /is not JSON/],
    ["v2.json", () => ({ ...packet, schema: "oddkit-evidence/2" }), /EVIDENCE_SCHEMA/],
  ])("%s → exit 2 naming what is wrong", async (name, make, message) => {
    const file = write(name, make());
    const { code, stderr } = await run(["admit", file, "--include", "essays,docs", "--url", url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("a packet file that does not exist → exit 2", async () => {
    const { code, stderr } = await run(["admit", join(dir, "nowhere.json"), "--url", url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot read/);
  });
});
