/**
 * The retrieval verbs are a thin twin of the library: every action and every
 * USE_CASES row has a verb whose flags are exactly the request parameters it
 * can take, and `--json` prints exactly what the library returns for the
 * same request against the same server.
 */
import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchGrouped } from "../../src/agent/index.js";
import { register as registerActions } from "../../src/cli/commands/actions.js";
import { register as registerHelpers } from "../../src/cli/commands/helpers.js";
import type { CliContext } from "../../src/cli/context.js";
import { ACTION_SPECS, ACTIONS, type Action, RequestSchemas } from "../../src/contract/index.js";
import { USE_CASE_ROWS } from "../../src/helpers/index.js";
import {
  createOddkitClient,
  getCanonGovernanceIndex,
  getEssayPage,
  getEssaysIndex,
  getNotebook,
  getSessionHistory,
  getSitemap,
  getStartHereCarousel,
  globalSearch,
  type OddkitClient,
  OddkitRequestError,
} from "../../src/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { runMain } from "../support/cli-run.js";

const CORPUS = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;
const CONNECTION_FLAGS = ["--url", "--corpus", "--mode", "--kind-map", "--consumer", "--json"];

const run = runMain;

function program(): Command {
  const p = new Command("oddkit-sdk");
  const ctx = { io: {}, exit: () => {}, signal: new AbortController().signal } as unknown as CliContext;
  registerActions(p, ctx);
  registerHelpers(p, ctx);
  return p;
}

const kebab = (param: string) => `--${param.replaceAll("_", "-")}`;

/** Flags a verb must offer: one per request parameter, plus --no-x for the boolean ones. */
function expectedFlags(action: Action, without: readonly string[]): string[] {
  const shape = RequestSchemas[action].shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >;
  const params = Object.keys(shape).filter((p) => p !== "input" && !without.includes(p));
  const negations = params
    .filter((p) => shape[p]!.safeParse(true).success)
    .map((p) => `--no-${kebab(p).slice(2)}`);
  return [...params.map(kebab), ...negations, ...CONNECTION_FLAGS].sort();
}

function flagsOf(command: Command): string[] {
  return command.options.map((o) => o.long!).sort();
}

function find(p: Command, name: string): Command {
  const command = p.commands.find((c) => c.name() === name);
  if (!command) throw new Error(`no verb '${name}'`);
  return command;
}

describe("verb and flag parity with the library", () => {
  const p = program();

  it.each(ACTIONS)(
    "%s has a verb with one flag per request parameter and its input as argument",
    (action) => {
      const command = find(p, action);
      // search also takes --grouped: the agent entry's searchGrouped with the same request.
      const extra = action === "search" ? ["--grouped"] : [];
      expect(flagsOf(command)).toEqual([...expectedFlags(action, []), ...extra].sort());
      const input = ACTION_SPECS[action].input?.name;
      expect(command.registeredArguments.map((a) => a.name())).toEqual(input ? [input] : []);
    },
  );

  it.each(USE_CASE_ROWS.map((r) => [r.cliVerb, r] as const))(
    "%s has a verb taking every parameter the row does not fix",
    (_verb, row) => {
      const command = find(p, row.cliVerb);
      // disclosure is a flag: it adds to the row's flags (never removes one)
      const fixed = [
        ...(row.input === "path_prefix" ? ["path_prefix"] : []),
        ...(row.paginate ? ["limit", "offset"] : []),
      ];
      const extra = row.paginate ? ["--max-entries"] : [];
      expect(flagsOf(command)).toEqual([...expectedFlags(row.action, fixed), ...extra].sort());
      const argument = { query: "query", uri: "uri", path_prefix: "prefix" } as const;
      expect(command.registeredArguments.map((a) => a.name())).toEqual(
        row.input ? [argument[row.input]] : [],
      );
    },
  );
});

describe("--json prints exactly the library's answer (same server, same request)", () => {
  let server: ReferenceServer;
  let url: string;
  let close: () => Promise<void>;
  let library: OddkitClient;

  beforeAll(async () => {
    server = await createReferenceServer({ corpus: CORPUS });
    const listening = await server.listen({ port: 0 });
    url = listening.url;
    close = () => server.close();
    library = createOddkitClient({ url });
  });
  afterAll(async () => {
    await library.close();
    await close();
  });

  /**
   * The result without what differs between any two identical calls: the
   * client's `durationMs`, and the envelope size, which moves by a few bytes
   * because the server's envelope carries `server_time` and `debug.duration_ms`
   * (checked separately to within a few bytes).
   */
  const comparable = (result: unknown) => {
    const { meta, ...rest } = JSON.parse(JSON.stringify(result)) as { meta?: Record<string, unknown> };
    if (meta === undefined) return rest;
    const { durationMs: _t, bytes: _b, tokens: _k, ...stable } = meta;
    return { ...rest, meta: stable };
  };
  const sizeOf = (result: unknown) => (result as { meta?: { bytes?: number } }).meta?.bytes ?? 0;

  async function cliJson(argv: string[]): Promise<unknown> {
    const { code, stdout, stderr } = await run([...argv, "--url", url, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    return JSON.parse(stdout);
  }

  const cases: [string, string[], (c: OddkitClient) => Promise<unknown>][] = [
    [
      "search",
      [
        "search",
        "essay dates",
        "--disclosure",
        "blockquote,metadata",
        "--limit",
        "3",
        "--audience",
        "public,docs",
      ],
      (c) =>
        c.search({
          query: "essay dates",
          disclosure: ["blockquote", "metadata"],
          limit: 3,
          audience: ["public", "docs"],
        }),
    ],
    [
      "catalog",
      [
        "catalog",
        "--disclosure",
        "blockquote",
        "--sort-by",
        "date",
        "--limit",
        "4",
        "--offset",
        "1",
        "--tier",
        "1",
        "--tier",
        "2,3",
        "--include",
        "canon,docs,essays,journals",
        "--exclude",
        "essays",
      ],
      (c) =>
        c.catalog({
          disclosure: ["blockquote"],
          sort_by: "date",
          limit: 4,
          offset: 1,
          tier: [1, 2, 3],
          include: ["canon", "docs", "essays", "journals"],
          exclude: "essays",
        }),
    ],
    [
      "catalog, boolean filters",
      ["catalog", "--no-public", "--start-here", "--include-legacy-envelope", "--no-include-legacy-envelope"],
      (c) => c.catalog({ public: false, start_here: true, include_legacy_envelope: false }),
    ],
    ["catalog, no flags", ["catalog"], (c) => c.catalog({})],
    [
      "get",
      ["get", "klappy://docs/crlf", "--disclosure", "summary,metadata"],
      (c) => c.get({ uri: "klappy://docs/crlf", disclosure: ["summary", "metadata"] }),
    ],
    ["get, default body", ["get", "klappy://docs/crlf"], (c) => c.get({ uri: "klappy://docs/crlf" })],
    [
      "get, no flags",
      ["get", "klappy://docs/crlf", "--disclosure", ""],
      (c) => c.get({ uri: "klappy://docs/crlf", disclosure: [] }),
    ],
    ["resolve", ["resolve", "klappy://docs/crlf"], (c) => c.resolve({ uri: "klappy://docs/crlf" })],
    [
      "preflight",
      ["preflight", "write an essay", "--disclosure", "blockquote", "--path-prefix", "writings/,docs/"],
      (c) =>
        c.preflight({
          task: "write an essay",
          disclosure: ["blockquote"],
          path_prefix: ["writings/", "docs/"],
        }),
    ],
    ["essays-index", ["essays-index"], (c) => getEssaysIndex(c)],
    [
      "canon-governance-index",
      ["canon-governance-index", "--tier", "1"],
      (c) => getCanonGovernanceIndex(c, { tier: 1 }),
    ],
    [
      "notebook",
      ["notebook", "odd/", "--include", "journals,canon,docs"],
      (c) => getNotebook(c, "odd/", { include: ["journals", "canon", "docs"] }),
    ],
    ["sitemap", ["sitemap", "--sort-by", "path"], (c) => getSitemap(c, { sort_by: "path" })],
    ["global-search", ["global-search", "ledger"], (c) => globalSearch(c, "ledger")],
    [
      "essay-page",
      ["essay-page", "klappy://writings/essay-dates"],
      (c) => getEssayPage(c, "klappy://writings/essay-dates"),
    ],
    ["start-here-carousel", ["start-here-carousel"], (c) => getStartHereCarousel(c)],
    [
      "session-history",
      ["session-history", "--max-entries", "50"],
      (c) => getSessionHistory(c, {}, { maxEntries: 50 }),
    ],
    [
      "search --grouped",
      [
        "search",
        "essay dates",
        "--grouped",
        "--disclosure",
        "blockquote",
        "--limit",
        "2",
        "--include",
        "essays,docs,journals",
      ],
      (c) =>
        searchGrouped(c, {
          query: "essay dates",
          disclosure: ["blockquote"],
          limit: 2,
          include: ["essays", "docs", "journals"],
        }),
    ],
  ];

  it.each(cases)("%s", async (_name, argv, call) => {
    const viaCli = await cliJson(argv);
    const viaLibrary = await call(library);
    expect(comparable(viaCli)).toEqual(comparable(viaLibrary));
    expect(Math.abs(sizeOf(viaCli) - sizeOf(viaLibrary))).toBeLessThanOrEqual(8);
  });

  it("covers every action and every use case", () => {
    const verbs = new Set(cases.map(([, argv]) => argv[0]));
    for (const action of ACTIONS) expect(verbs).toContain(action);
    for (const row of USE_CASE_ROWS) expect(verbs).toContain(row.cliVerb);
  });

  it("answers the same through the embedded default (--corpus) as the library in memory", async () => {
    const embedded = await createReferenceServer({ corpus: CORPUS });
    const inMemory = createOddkitClient({ server: embedded });
    const { stdout, code } = await run(["essays-index", "--corpus", CORPUS, "--json"]);
    expect(code).toBe(0);
    expect(comparable(JSON.parse(stdout))).toEqual(comparable(await getEssaysIndex(inMemory)));
    await inMemory.close();
    await embedded.close();
  });
});

describe("readable output and exit codes", () => {
  it("prints a table whose header says long values are cut for display only", async () => {
    const { code, stdout } = await run([
      "catalog",
      "--corpus",
      CORPUS,
      "--disclosure",
      "metadata",
      "--limit",
      "2",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^catalog: FOUND · 2 of \d+ \(offset 0, limit 2\) · disclosure \[metadata\]/);
    expect(stdout).toContain("cut with … for display only; --json prints every value whole");
    expect(stdout).toMatch(/\nURI +TITLE +POSITION +METADATA\n/);
  });

  it.each([
    [["catalog", "--tier", "5"], /--tier: '5' is not one of 1, 2, 3, 4/],
    [["catalog", "--limit", "ten"], /--limit: 'ten' is not an integer/],
    [["catalog", "--sort-by", "title"], /--sort-by: 'title' is not one of path, date/],
    // Disclosure is the library's to refuse, with the contract's code (the help lists the permitted flags).
    [
      ["catalog", "--disclosure", "body"],
      /DISCLOSURE_FLAG_NOT_PERMITTED: disclosure flag 'body' is not permitted on action 'catalog'/,
    ],
    [
      ["search", "cache", "--disclosure", "nonsense"],
      /DISCLOSURE_FLAG_NOT_PERMITTED: .*'nonsense' is not a disclosure flag at all/,
    ],
    [
      ["catalog", "--disclosure", "summary", "--limit", "26"],
      /LIMIT_EXCEEDS_FLAG_CAP: limit 26 exceeds the maximum 25/,
    ],
    [["sitemap", "--max-entries", "0"], /--max-entries: '0' is not a positive integer/],
    [["catalog", "--mode", "legacy"], /--mode: 'legacy' is not one of contract, window/],
  ])("bad value %j → exit 2 with a message naming it", async (argv, message) => {
    const { code, stderr, stdout } = await run([...argv, "--corpus", CORPUS]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe("");
  });

  it("--json prints a refusal as the library's typed error: class, contract code, exit code", async () => {
    const cli = await run(["catalog", "--disclosure", "body", "--json", "--corpus", CORPUS]);
    const embedded = await createReferenceServer({ corpus: CORPUS });
    const inMemory = createOddkitClient({ server: embedded });
    let library: unknown;
    await inMemory.catalog({ disclosure: ["body" as "metadata"] }).catch((error: unknown) => {
      library = error;
    });
    await inMemory.close();
    await embedded.close();
    expect(library).toBeInstanceOf(OddkitRequestError);
    const { name, code, message } = library as OddkitRequestError;
    expect(cli.code).toBe(2);
    expect(JSON.parse(cli.stdout)).toEqual({ error: { name, code, message, exitCode: 2, sent: false } });
    expect(code).toBe("DISCLOSURE_FLAG_NOT_PERMITTED");
  });

  it("--json prints a missing document as NOT_FOUND with exit 3", async () => {
    const cli = await run(["get", "klappy://no/such/doc", "--json", "--corpus", CORPUS]);
    expect(cli.code).toBe(3);
    expect(JSON.parse(cli.stdout).error).toMatchObject({
      name: "OddkitNotFoundError",
      code: "NOT_FOUND",
      exitCode: 3,
    });
  });

  it("the embedded server (0.30.0, in the window) serves the legacy fields on opt-in, in either mode", async () => {
    const argv = [
      "catalog",
      "--corpus",
      CORPUS,
      "--limit",
      "2",
      "--sort-by",
      "path",
      "--include-legacy-envelope",
    ];
    for (const mode of ["contract", "window"]) {
      const { code, stdout } = await run([...argv, "--mode", mode, "--json"]);
      expect(code).toBe(0);
      const result = JSON.parse(stdout) as Record<string, unknown>;
      expect(result.data).toHaveLength(2);
      expect(result).toHaveProperty("articles");
    }
  });

  it("a URI that names no document → exit 3", async () => {
    const { code, stderr } = await run(["get", "klappy://nowhere", "--corpus", CORPUS]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/NOT_FOUND/);
  });

  it("an unreachable server → exit 1", async () => {
    const { code, stderr } = await run(["catalog", "--url", "http://127.0.0.1:9/mcp"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^oddkit-sdk catalog: Oddkit\w+Error/);
  });
});
