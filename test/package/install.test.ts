/**
 * A client install is light: the packed tarball installed into an empty
 * project carries no codemod toolchain, compiler, bundler or tokenizer, and
 * the documented Cloudflare Worker bundled against it holds no tokenizer.
 * Figures are printed (bench/install.ts prints the same, README states them).
 */
import { execFile } from "node:child_process";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleWorker,
  HEAVY_PACKAGES,
  type Installed,
  installedManifest,
  installIntoEmptyProject,
  kb,
  mb,
  ROOT,
} from "../../scripts/pack-install.js";
import { CODEMOD_INSTALL_COMMAND, CODEMOD_PACKAGE } from "../../src/cli/registry.js";
import { compileConsumer } from "./consumer-types.js";

const run = promisify(execFile);
const BIN = join(ROOT, "node_modules/.bin");

/** Runs a tool, resolving to its exit code and output (a non-zero exit is a verdict here, not a crash). */
async function tool(file: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return run(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof error.code === "number" ? error.code : -1,
      output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
    }),
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Budgets with headroom over what the install measures today (see README); the old install was 220 packages, 98 MB. */
const MAX_PACKAGES = 120;
const MAX_BYTES = 40 * 1024 * 1024;

let installed: Installed;

beforeAll(async () => {
  installed = await installIntoEmptyProject();
}, 300_000);

afterAll(async () => {
  if (installed) await rm(installed.project, { recursive: true, force: true });
});

describe("npm i oddkit-sdk into an empty project", () => {
  it("installs no codemod toolchain, compiler, bundler or tokenizer, within the package and size budget", async () => {
    console.log(
      `install: ${installed.packages.length} packages, ${mb(installed.bytes)} (tarball ${kb(installed.tarballBytes)})`,
    );
    for (const heavy of HEAVY_PACKAGES) expect(installed.packages, heavy).not.toContain(heavy);
    expect(installed.packages).toContain("oddkit-sdk");
    expect(installed.packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(installed.bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("declares the tokenizer and tsx as optional peers, and names no codemod toolchain (that is @oddkit-sdk/codemod's)", async () => {
    const manifest = await installedManifest(installed.project);
    const peers = manifest.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    for (const name of ["gpt-tokenizer", "tsx"]) expect(peers[name]?.optional, name).toBe(true);
    expect(Object.keys(manifest.dependencies as object)).not.toContain("gpt-tokenizer");
    const named = [
      ...Object.keys(manifest.dependencies as object),
      ...Object.keys(manifest.peerDependencies as object),
    ];
    for (const name of ["jscodeshift", "ts-morph", "diff", "cli-progress", CODEMOD_PACKAGE])
      expect(named, name).not.toContain(name);
  });

  it("the installed CLI answers --version, and migrate names the one command that installs the codemod package", async () => {
    const bin = join(installed.project, "node_modules/oddkit-sdk/bin/oddkit-sdk.js");
    const version = await run(process.execPath, [bin, "--version"], { cwd: installed.project });
    expect(version.stdout.trim()).toBe((await installedManifest(installed.project)).version);
    const migrate = await run(process.execPath, [bin, "migrate", "--dry"], { cwd: installed.project }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(migrate?.code).toBe(1);
    expect(migrate?.stderr).toContain(`${CODEMOD_PACKAGE} is not installed`);
    expect(migrate?.stderr).toContain(CODEMOD_INSTALL_COMMAND);
  }, 60_000);

  it("the documented Cloudflare Worker bundles without the tokenizer", async () => {
    const worker = await bundleWorker(installed.project);
    console.log(`Worker: ${kb(worker.minifiedBytes)} minified, ${kb(worker.gzippedBytes)} gzipped`);
    expect(worker.packages).toContain("oddkit-sdk");
    expect(worker.packages).not.toContain("gpt-tokenizer");
    // The encoding's name appears only in the tokenizer's own modules.
    expect(worker.text.includes("cl100k_base")).toBe(false);
  }, 120_000);
});

describe("the packed package's hygiene", () => {
  const pkg = () => join(installed.project, "node_modules/oddkit-sdk");

  it("ships the MIT LICENSE its manifest names, and says where it lives", async () => {
    const manifest = await installedManifest(installed.project);
    expect(manifest.license).toBe("MIT");
    expect(await readFile(join(pkg(), "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
    expect((manifest.repository as { url?: string })?.url).toMatch(/^git\+https:\/\/github\.com\/.+\.git$/);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect((manifest.bugs as { url?: string })?.url).toMatch(/^https:\/\//);
  });

  it("has source maps that resolve: every source is shipped or carried in sourcesContent", async () => {
    const problems: string[] = [];
    const scripts = (await filesUnder(pkg())).filter(
      (f) => f.endsWith(".js") && !relative(pkg(), f).includes("node_modules"),
    );
    let maps = 0;
    for (const script of scripts) {
      const url = (await readFile(script, "utf8")).match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
      if (!url) continue;
      const mapPath = resolve(dirname(script), url);
      if (!(await exists(mapPath))) {
        problems.push(`${relative(pkg(), script)}: map ${url} is not shipped`);
        continue;
      }
      maps++;
      const map = JSON.parse(await readFile(mapPath, "utf8")) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      for (const [i, source] of map.sources.entries()) {
        if (typeof map.sourcesContent?.[i] === "string") continue;
        if (!(await exists(resolve(dirname(mapPath), source))))
          problems.push(
            `${relative(pkg(), mapPath)}: source ${source} is neither shipped nor in sourcesContent`,
          );
      }
    }
    expect(maps).toBeGreaterThan(100);
    console.log(`source maps: ${maps} maps for ${scripts.length} scripts, ${problems.length} unresolved`);
    expect(problems).toEqual([]);
  });

  it("passes publint --strict on the tarball", async () => {
    const result = await tool(
      join(BIN, "publint"),
      ["run", installed.tarball, "--strict"],
      installed.project,
    );
    expect(result.code, result.output).toBe(0);
  });

  it("passes Are The Types Wrong under the ESM-only profile (the package ships no CommonJS)", async () => {
    const result = await tool(
      join(BIN, "attw"),
      [installed.tarball, "--profile", "esm-only", "--format", "table-flipped"],
      installed.project,
    );
    expect(result.code, result.output).toBe(0);
  });
});

describe("a consumer's tsc with skipLibCheck: false against the installed .d.ts", () => {
  beforeAll(async () => {
    // What a Node consumer of the server/testing entries has: Node's types and msw (an optional peer).
    await run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--ignore-scripts",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "@types/node@20",
        "msw@2",
      ],
      { cwd: installed.project, maxBuffer: 16 * 1024 * 1024 },
    );
  });

  // One full check (every declaration file, ours and our dependencies', as the user's tsc does),
  // then this package's own declarations under the other resolution and the client-only profile.
  it.each([
    ["nodenext", "node", "everything"],
    ["bundler", "node", "package"],
    ["bundler", "client", "package"],
  ] as const)("module %s, %s entries, checking %s: no errors", async (resolution, profile, scope) => {
    const { diagnostics, declarationFiles } = await compileConsumer(
      installed.project,
      resolution,
      profile,
      scope,
    );
    expect(declarationFiles).toBeGreaterThan(50);
    expect(diagnostics.join("\n\n")).toBe("");
  });
});
