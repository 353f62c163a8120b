/**
 * The codemods are their own package, @oddkit-sdk/codemod (codemods/, an npm
 * workspace), and `oddkit-sdk migrate` delegates to it: the library ships no
 * codemod code and names no codemod toolchain; the codemod package reaches the
 * library by package name only (as an installed copy must); in this repository
 * the bin runs migrate through the workspace link; where the package is
 * missing, migrate exits 1 with the one command that installs it
 * (test/package/install.test.ts checks that on a real install).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Command } from "commander";
import semver from "semver";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import type { CliContext as CodemodCliContext } from "../../codemods/cli-context.js";
import type { CliContext } from "../../src/cli/context.js";
import {
  CODEMOD_INSTALL_COMMAND,
  CODEMOD_PACKAGE,
  type CommandModule,
  entryFor,
  loadCodemodCommand,
  MCP_COMMAND,
} from "../../src/cli/registry.js";
import { ROOT } from "../support/doc-examples.js";

const run = promisify(execFile);

// The library's CLI context is what the codemod package's command receives (a compile-time check).
const _contextFits = (ctx: CliContext): CodemodCliContext => ctx;
void _contextFits;

interface Manifest {
  name: string;
  version: string;
  files?: string[];
  exports: Record<string, string | { types?: string; default?: string }>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8")) as Manifest;
const library = read("package.json");
const codemod = read("codemods/package.json");

/** Every .ts file of the codemod package that is compiled (not the fixtures it transforms). */
function codemodSources(): string[] {
  const config = ts.readConfigFile(join(ROOT, "codemods/tsconfig.build.json"), ts.sys.readFile).config;
  return ts.parseJsonConfigFileContent(config, ts.sys, join(ROOT, "codemods")).fileNames;
}

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      out.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Runs `register` of a command module the way main does, capturing output and exit code. */
async function runCommand(
  module: CommandModule,
  args: string[],
  verb = "migrate",
): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  let code = 0;
  const program = new Command().exitOverride();
  const ctx = {
    io: { stdout: () => {}, stderr: (t: string) => err.push(t), isTTY: false, cwd: ROOT },
    exit: (c: number) => {
      code = Math.max(code, c);
    },
    signal: new AbortController().signal,
  } as unknown as CliContext;
  module.register(program, ctx);
  await program.parseAsync(["node", "oddkit-sdk", verb, ...args]);
  return { code, err: err.join("") };
}

const scratch = mkdtempSync(join(tmpdir(), "oddkit-workspace-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the codemod package stands apart from the library", () => {
  it("is an npm workspace of this repository, named as migrate's install command says", () => {
    expect(library.workspaces).toEqual(["codemods"]);
    expect(codemod.name).toBe(CODEMOD_PACKAGE);
    expect(CODEMOD_INSTALL_COMMAND).toBe(`npm i -D ${CODEMOD_PACKAGE}`);
  });

  it("carries the codemod toolchain; the library names none of it, not even as an optional peer", () => {
    // The MCP SDK and zod are the library's own dependencies; the codemod's MCP server (codemods/mcp/)
    // imports them too, so it declares them, in the library's ranges: they are no codemod toolchain.
    const shared = ["@modelcontextprotocol/sdk", "zod"];
    for (const name of shared) expect(codemod.dependencies?.[name], name).toBe(library.dependencies?.[name]);
    const toolchain = Object.keys(codemod.dependencies ?? {}).filter((name) => !shared.includes(name));
    expect(toolchain).toEqual(expect.arrayContaining(["jscodeshift", "ts-morph", "diff", "cli-progress"]));
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"] as const) {
      const named = Object.keys(library[field] ?? {}).filter((name) => toolchain.includes(name));
      expect(named, `library ${field}`).toEqual([]);
    }
  });

  it("asks for the library as a peer whose range this repository's version satisfies (linked in the workspace)", () => {
    const range = codemod.peerDependencies?.[library.name];
    expect(range).toBeDefined();
    expect(semver.satisfies(library.version, range!), `${library.version} in ${range}`).toBe(true);
    expect(codemod.devDependencies?.[library.name]).toBe("file:..");
  });

  it("reaches the library by package name only, never by a path into src/", () => {
    const files = codemodSources();
    expect(files.length).toBeGreaterThan(30);
    const intoLibrary = files.flatMap((file) =>
      specifiers(file)
        .filter((s) => s.startsWith(".") && /(^|\/)src\//.test(s))
        .map((s) => `${file.slice(ROOT.length)} → ${s}`),
    );
    expect(intoLibrary).toEqual([]);
    const byName = new Set(files.flatMap(specifiers).filter((s) => s.startsWith(library.name)));
    for (const name of byName) {
      const subpath = name === library.name ? "." : `./${name.slice(library.name.length + 1)}`;
      expect(library.exports[subpath], `${name} is a published entry`).toBeDefined();
    }
  });

  it("the library imports nothing of the codemod package, and does not pack it", () => {
    const config = ts.readConfigFile(join(ROOT, "tsconfig.build.json"), ts.sys.readFile).config;
    const files = ts.parseJsonConfigFileContent(config, ts.sys, ROOT).fileNames;
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.startsWith(join(ROOT, "codemods")))).toEqual([]);
    const reaching = files.flatMap((file) =>
      specifiers(file)
        .filter((s) => s.includes("codemods/") || s.startsWith(CODEMOD_PACKAGE))
        .map((s) => `${file.slice(ROOT.length)} → ${s}`),
    );
    expect(reaching).toEqual([]);
    expect(library.files).not.toContain("codemods");
  });

  it("typecheck and tests read the library's sources under its name: tsconfig paths = package.json exports", () => {
    const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const expected: Record<string, string[]> = {};
    for (const [subpath, target] of Object.entries(library.exports)) {
      if (typeof target === "string" || !target.types) continue;
      const name = subpath === "." ? library.name : `${library.name}/${subpath.slice(2)}`;
      expected[name] = [target.types.replace(/^\.\/dist\//, "./").replace(/\.d\.ts$/, ".ts")];
    }
    expect(config.compilerOptions.paths).toEqual(expected);
  });
});

describe("the codemod package as npm would publish it", () => {
  it("packs its compiled code, README, LICENSE and manifest only, every export present, and passes publint --strict", async () => {
    const dir = join(ROOT, "codemods");
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir });
    const [packed] = JSON.parse(stdout) as {
      name: string;
      files: { path: string }[];
      unpackedSize: number;
    }[];
    const files = packed!.files.map((f) => f.path);
    console.log(
      `${packed!.name}: ${files.length} files, ${(packed!.unpackedSize / 1024).toFixed(1)} KB unpacked`,
    );
    expect(files.filter((f) => !f.startsWith("dist/")).sort()).toEqual([
      "LICENSE",
      "README.md",
      "package.json",
    ]);
    expect(files.some((f) => f.includes("__testfixtures__") || f.includes("__realworld__"))).toBe(false);
    for (const target of Object.values(codemod.exports)) {
      for (const path of typeof target === "string" ? [target] : Object.values(target)) {
        if (path?.startsWith("./dist/")) expect(files, path).toContain(path.slice(2));
      }
    }
    const lint = await run(join(ROOT, "node_modules/.bin/publint"), ["run", dir, "--strict"], {
      cwd: ROOT,
    }).then(
      () => 0,
      (error: { code?: number; stdout?: string }) => `${error.code}: ${error.stdout}`,
    );
    expect(lint).toBe(0);
  }, 120_000);
});

describe("oddkit-sdk migrate delegates to the codemod package", () => {
  it("in this repository, the bin runs migrate from the workspace package (the library's dist holds no runner)", async () => {
    expect(existsSync(join(ROOT, "dist/src/index.js")), "npm run build first").toBe(true);
    expect(existsSync(join(ROOT, "dist/src/migrate"))).toBe(false);
    expect(existsSync(join(ROOT, "dist/src/cli/commands/migrate.js"))).toBe(false);
    expect(existsSync(join(ROOT, "codemods/dist/cli.js")), "the root build builds the codemod package").toBe(
      true,
    );
    const file = join(scratch, "docs.ts");
    writeFileSync(
      file,
      'export async function docs(client: { callTool(a: unknown): Promise<unknown> }) {\n  return client.callTool({ name: "oddkit_search", arguments: { query: "edge cache" } });\n}\n',
    );
    const { stdout } = await run(
      process.execPath,
      [join(ROOT, "bin/oddkit-sdk.js"), "migrate", "--json", scratch],
      {
        cwd: scratch,
      },
    );
    const summary = JSON.parse(stdout) as { schemaVersion: number; files: { changed: number } };
    expect(summary.schemaVersion).toBe(1);
    expect(summary.files.changed).toBe(1);
    expect(readFileSync(file, "utf8")).toContain("limit: 5,"); // the legacy search's implicit page, stated
  }, 120_000);

  it("without the package: exit 1 and the one command that installs it", async () => {
    // The failure Node really reports for the absent package, from a folder outside this repository.
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `try { await import("${CODEMOD_PACKAGE}/cli"); } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }`,
      ],
      { cwd: scratch },
    );
    const failure = JSON.parse(stdout) as { code: string; message: string };
    expect(failure.code).toBe("ERR_MODULE_NOT_FOUND");
    const absent = await loadCodemodCommand(async () => {
      throw Object.assign(new Error(failure.message), { code: failure.code });
    });
    const result = await runCommand(absent, ["--dry", "src"]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${CODEMOD_PACKAGE} is not installed`);
    expect(result.err).toContain(CODEMOD_INSTALL_COMMAND);
  });

  it("with the package but a dependency of it missing: exit 1 naming the dependency, and the install command", async () => {
    const broken = await loadCodemodCommand(async () => {
      throw Object.assign(
        new Error(
          "Cannot find package 'jscodeshift' imported from /x/node_modules/@oddkit-sdk/codemod/dist/index.js",
        ),
        {
          code: "ERR_MODULE_NOT_FOUND",
        },
      );
    });
    const result = await runCommand(broken, []);
    expect(result.code).toBe(1);
    expect(result.err).toContain("cannot load (Cannot find package 'jscodeshift'");
    expect(result.err).toContain(CODEMOD_INSTALL_COMMAND);
  });

  it("`mcp` is the package's too: loaded from its mcp-cli entry, and without the package exit 1 with the install command", async () => {
    const asked: string[] = [];
    const absent = await loadCodemodCommand(async (specifier) => {
      asked.push(specifier);
      throw Object.assign(new Error(`Cannot find package '${CODEMOD_PACKAGE}' imported from /x/y.js`), {
        code: "ERR_MODULE_NOT_FOUND",
      });
    }, MCP_COMMAND);
    expect(asked).toEqual([`${CODEMOD_PACKAGE}/mcp-cli`]);
    const result = await runCommand(absent, ["--http"], "mcp");
    expect(result.code).toBe(1);
    expect(result.err).toContain(`oddkit-sdk mcp: ${CODEMOD_PACKAGE} is not installed`);
    expect(result.err).toContain(CODEMOD_INSTALL_COMMAND);
    const installed = await entryFor("mcp")!.load();
    expect(typeof installed.register).toBe("function");
  });

  it("any other failure of the package is not disguised as a missing install", async () => {
    await expect(
      loadCodemodCommand(async () => {
        throw new SyntaxError("Unexpected token");
      }),
    ).rejects.toThrow(SyntaxError);
    await expect(loadCodemodCommand(async () => ({}))).rejects.toThrow(/exports no register\(\)/);
  });
});
