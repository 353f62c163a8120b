/**
 * First contact with the command line: --version, --help and every verb's
 * exit codes, colours only when asked for, streamed report sections,
 * connection errors that name their cause and folders with no markdown.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIO, wantsColor } from "../../src/cli/context.js";
import { main } from "../../src/cli/main.js";
import { COMMANDS } from "../../src/cli/registry.js";

interface Captured {
  readonly io: CliIO;
  readonly chunks: string[];
  readonly errors: string[];
}

function capture(options: { color?: boolean } = {}): Captured {
  const chunks: string[] = [];
  const errors: string[] = [];
  return {
    chunks,
    errors,
    io: {
      stdout: (t) => chunks.push(t),
      stderr: (t) => errors.push(t),
      isTTY: false,
      cwd: process.cwd(),
      ...(options.color === undefined ? {} : { color: options.color }),
    },
  };
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`);
const FIXTURE = "test/fixtures/tools/shadow";

let empty: string;
beforeAll(async () => {
  empty = await mkdtemp(join(tmpdir(), "oddkit-empty-"));
  await writeFile(join(empty, "notes.txt"), "not markdown\n");
});
afterAll(async () => {
  await rm(empty, { recursive: true, force: true });
});

describe("--version and --help", () => {
  it("--version prints the package's version", async () => {
    const run = capture();
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as { version: string };
    expect(await main(["--version"], run.io)).toBe(0);
    expect(run.chunks.join("").trim()).toBe(pkg.version);
  });

  it("--help lists every verb of the registry", async () => {
    const run = capture();
    expect(await main(["--help"], run.io)).toBe(0);
    const help = run.chunks.join("");
    for (const entry of COMMANDS) for (const name of entry.names) expect(help).toContain(`  ${name} `);
    expect(help).toContain("--version");
  });

  it("every verb's --help lists its exit codes, 64 (usage) included", async () => {
    for (const entry of COMMANDS) {
      for (const name of entry.names) {
        const run = capture();
        expect(await main([name, "--help"], run.io)).toBe(0);
        const help = run.chunks.join("");
        expect(help, name).toContain("Exit codes:");
        for (const code of Object.keys(entry.exitCodes))
          expect(help, name).toMatch(new RegExp(`^\\s+${code}  `, "m"));
        expect(help, name).toMatch(/^\s+64 {2}usage error/m);
      }
    }
  });

  it("an unknown verb is a usage error with a suggestion", async () => {
    const run = capture();
    expect(await main(["serch", "x"], run.io)).toBe(64);
    expect(run.errors.join("")).toMatch(/unknown command 'serch'[\s\S]*search/);
  });
});

describe("colours", () => {
  it("only on a terminal, never with NO_COLOR or TERM=dumb; FORCE_COLOR forces them", () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(true, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColor(true, { NO_COLOR: "" })).toBe(true);
    expect(wantsColor(true, { TERM: "dumb" })).toBe(false);
    expect(wantsColor(false, { FORCE_COLOR: "1" })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(false);
  });

  it("help is coloured when the io asks for colour, plain otherwise", async () => {
    const plain = capture();
    await main(["--help"], plain.io);
    expect(plain.chunks.join("")).not.toMatch(ANSI);
    const coloured = capture({ color: true });
    await main(["--help"], coloured.io);
    expect(coloured.chunks.join("")).toMatch(ANSI);
  });
});

describe("report streams its sections", () => {
  it("prints the header and the audit in their own writes, before the conformance section", async () => {
    const run = capture();
    // (The fixture's verdict does not matter here, only when each section is written.)
    await main(["report", "--corpus", FIXTURE], run.io);
    const at = (text: string) => run.chunks.findIndex((c) => c.includes(text));
    expect(at("oddkit-sdk migration report")).toBe(0);
    expect(at("Frontmatter audit")).toBeGreaterThan(0);
    expect(at("Token cost")).toBeGreaterThan(at("Frontmatter audit"));
    expect(at("Conformance: the contract's 11 checks")).toBeGreaterThan(at("Token cost"));
    expect(at("READY")).toBeGreaterThan(at("Conformance: the contract's 11 checks"));
    expect(run.chunks.join("")).not.toMatch(ANSI);
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe("connection errors name their cause", () => {
  it("a refused connection says ECONNREFUSED and the address", async () => {
    const port = await closedPort();
    const run = capture();
    const code = await main(["search", "cache", "--url", `http://127.0.0.1:${port}/mcp`], run.io);
    expect(code).toBe(1);
    expect(run.errors.join("")).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });
});

describe("a folder with no markdown fails loudly", () => {
  it.each([
    [["audit", "DIR"]],
    [["report", "--corpus", "DIR"]],
    [["cost", "--corpus", "DIR"]],
    [["conformance", "--corpus", "DIR"]],
    [["shadow", "--corpus", "DIR", "--predicate", "test/fixtures/tools/predicates/keep-all.mjs"]],
  ])("%j exits non-zero and says the folder holds no markdown", async (args) => {
    const run = capture();
    const code = await main(
      args.map((a) => (a === "DIR" ? empty : a)),
      run.io,
    );
    expect(code).not.toBe(0);
    expect(run.errors.join("")).toMatch(/holds no (servable )?markdown documents/);
  });
});
