/**
 * The CLI imports only the module of the command that runs: `--help` and
 * `--version` import none, `search` imports the retrieval verbs alone.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CliIO } from "../../src/cli/context.js";

const MODULES = [
  "audit",
  "shadow",
  "conformance",
  "cost",
  "report",
  "actions",
  "helpers",
  "serve",
  "migrate",
];
const loaded: string[] = [];

beforeEach(() => {
  loaded.length = 0;
  vi.resetModules();
  for (const name of MODULES) {
    vi.doMock(`../../src/cli/commands/${name}.js`, async (importOriginal) => {
      loaded.push(name);
      return importOriginal();
    });
  }
});

const io: CliIO = { stdout: () => undefined, stderr: () => undefined, isTTY: false, cwd: process.cwd() };

async function run(argv: string[]): Promise<number> {
  const { main } = await import("../../src/cli/main.js");
  return main(argv, io);
}

describe("lazy command modules", () => {
  it("--help and --version import no command module", async () => {
    expect(await run(["--help"])).toBe(0);
    expect(await run(["--version"])).toBe(0);
    expect(loaded).toEqual([]);
  });

  it("a verb imports its own module only", async () => {
    expect(await run(["search", "--help"])).toBe(0);
    expect(loaded).toEqual(["actions"]);
    loaded.length = 0;
    expect(await run(["help", "essays-index"])).toBe(0);
    expect(loaded).toEqual(["helpers"]);
  });

  it("every module under src/cli/commands is loaded by a registry entry", async () => {
    const { readdir } = await import("node:fs/promises");
    const { COMMANDS } = await import("../../src/cli/registry.js");
    const viaRegistry = await Promise.all(COMMANDS.map((entry) => entry.load()));
    for (const file of await readdir("src/cli/commands")) {
      const module = await import(`../../src/cli/commands/${file.replace(/\.ts$/, ".js")}`);
      expect(viaRegistry, file).toContain(module);
    }
  });
});
