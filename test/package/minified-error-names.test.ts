/**
 * `error.name` survives a minifier. Every error class the package entries
 * export is bundled with esbuild (minify on: classes are renamed), each is
 * constructed from the minified bundle, and its `name` must still be the name
 * it is exported under — what logs, `error.name === "…"` checks and
 * serialised errors rely on. `this.name = new.target.name` fails here.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/pack-install.js";

/** Each package entry (package.json `exports`) → its source module. */
const ENTRIES: Record<string, string> = {
  "oddkit-sdk": "src/index.ts",
  "oddkit-sdk/contract": "src/entries/contract.ts",
  "oddkit-sdk/server": "src/entries/server.ts",
  "oddkit-sdk/testing": "src/entries/testing.ts",
  "oddkit-sdk/shim": "src/entries/shim.ts",
  "oddkit-sdk/migration-tools": "src/entries/migration-tools.ts",
  "oddkit-sdk/agent": "src/entries/agent.ts",
  "oddkit-sdk/cache-redis": "src/client/cache/redis.ts",
  "oddkit-sdk/tokens": "src/tokens.ts",
  "oddkit-sdk/internal": "src/entries/internal.ts",
};

type ErrorClass = new (...args: unknown[]) => Error;

const isErrorClass = (value: unknown): value is ErrorClass =>
  typeof value === "function" && value.prototype instanceof Error;

/**
 * A stand-in for any constructor argument: every property read, call and coercion yields
 * something usable, so each class can be built without knowing its signature.
 */
const anything: unknown = new Proxy(() => undefined, {
  get: (_target, key) =>
    key === Symbol.toPrimitive ? () => "x" : key === "then" || key === Symbol.iterator ? undefined : anything,
  apply: () => anything,
  construct: () => anything as object,
});

function construct(Class: ErrorClass): Error {
  for (const args of [[], ["message"], ["message", {}], [anything, anything, anything]]) {
    try {
      return new Class(...args);
    } catch {
      // this signature does not fit: try the next
    }
  }
  throw new Error(`cannot construct ${Class.name} with any probe arguments`);
}

const dir = await mkdtemp(join(tmpdir(), "oddkit-minified-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("error.name under minification", () => {
  it("every exported error class keeps its exported name as error.name in a minified bundle", async () => {
    // The classes and the names they are exported under, from the unminified sources.
    const expected = new Map<string, string>(); // export name → entry
    for (const [entry, file] of Object.entries(ENTRIES)) {
      const module = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) if (isErrorClass(value)) expected.set(name, entry);
    }
    expect(expected.size).toBeGreaterThan(10);

    const entryFile = join(dir, "entry.ts");
    const imports = Object.values(ENTRIES).map(
      (file, i) => `import * as m${i} from ${JSON.stringify(join(ROOT, file))};`,
    );
    const names = [...expected.keys()];
    const modules = Object.values(ENTRIES).map((_, i) => `m${i}`);
    await writeFile(
      entryFile,
      `${imports.join("\n")}\nconst all = [${modules.join(", ")}];\nexport const classes = {\n${names
        .map(
          (n) => `  ${JSON.stringify(n)}: all.find((m) => ${JSON.stringify(n)} in m)[${JSON.stringify(n)}],`,
        )
        .join("\n")}\n};\n`,
    );
    const outfile = join(dir, "bundle.mjs");
    await build({
      entryPoints: [entryFile],
      outfile,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "node",
      target: "es2022",
      packages: "external",
      absWorkingDir: ROOT,
      logLevel: "silent",
    });
    const { classes } = (await import(pathToFileURL(outfile).href)) as {
      classes: Record<string, ErrorClass>;
    };

    const renamed = names.filter((n) => classes[n]!.name !== n);
    // The minifier did rename the classes: otherwise this test could not tell a literal name from a class name.
    expect(renamed.length, "classes renamed by the minifier").toBeGreaterThan(names.length / 2);
    const wrong = names
      .map((n) => ({ exported: n, entry: expected.get(n), name: construct(classes[n]!).name }))
      .filter((e) => e.name !== e.exported);
    console.log(
      `minified error names: ${names.length} classes, ${renamed.length} renamed by esbuild, ${wrong.length} wrong names`,
    );
    expect(wrong).toEqual([]);
  });
});
