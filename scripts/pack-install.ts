/**
 * What a user gets from `npm i oddkit-sdk`: pack this repository as npm
 * would publish it, install the tarball into an empty project, and measure
 * what landed in node_modules; then bundle the documented Cloudflare Worker
 * (examples/edge/cloudflare-worker/worker.ts) against that install the way
 * wrangler does. Used by test/package/install.test.ts (asserts) and
 * bench/install.ts (prints the figures). Needs `dist/` built.
 *
 * Offline-capable: the install prefers npm's cache (filled by `npm ci` in
 * this repository) and only asks the registry for what the cache lacks.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WORKER_EXAMPLE = join(ROOT, "examples/edge/cloudflare-worker/worker.ts");

/** Packages a client install must not carry (codemod toolchain, compiler, bundler, tokenizer). */
export const HEAVY_PACKAGES = [
  "jscodeshift",
  "ts-morph",
  "typescript",
  "@babel/core",
  "recast",
  "esbuild",
  "tsx",
  "gpt-tokenizer",
  "diff",
  "cli-progress",
] as const;

export interface Installed {
  readonly project: string;
  readonly tarball: string;
  readonly tarballBytes: number;
  /** Every installed package (node_modules/**\/package.json of a package root). */
  readonly packages: readonly string[];
  /** Bytes on disk under node_modules. */
  readonly bytes: number;
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("npm", args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      npm_config_fund: "false",
      npm_config_audit: "false",
      npm_config_update_notifier: "false",
    },
  });
  return stdout;
}

/** `npm pack` of the repository (no prepare script: dist must already be built). */
export async function packLibrary(into: string): Promise<{ tarball: string; bytes: number }> {
  const out = await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", into], ROOT);
  const [info] = JSON.parse(out) as { filename: string }[];
  const tarball = join(into, info!.filename);
  return { tarball, bytes: (await stat(tarball)).size };
}

async function walkPackages(dir: string, found: string[]): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@")) {
      for (const scoped of await readdir(join(dir, name)))
        await visit(join(dir, name, scoped), `${name}/${scoped}`, found);
    } else await visit(join(dir, name), name, found);
  }
}

async function visit(path: string, name: string, found: string[]): Promise<void> {
  try {
    await stat(join(path, "package.json"));
  } catch {
    return;
  }
  found.push(name);
  await walkPackages(join(path, "node_modules"), found);
}

async function diskBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await diskBytes(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

/** What a project's node_modules holds: every package (nested ones too) and the bytes on disk. */
export async function measureInstall(project: string): Promise<{ packages: string[]; bytes: number }> {
  const packages: string[] = [];
  await walkPackages(join(project, "node_modules"), packages);
  return { packages, bytes: await diskBytes(join(project, "node_modules")) };
}

/** Pack, then `npm install <tarball>` into a fresh empty project under the OS temp folder. */
export async function installIntoEmptyProject(): Promise<Installed> {
  const project = await mkdtemp(join(tmpdir(), "oddkit-install-"));
  const { tarball, bytes: tarballBytes } = await packLibrary(project);
  await writeFile(
    join(project, "package.json"),
    `${JSON.stringify({ name: "empty-consumer", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`,
  );
  await npm(["install", tarball, "--prefer-offline", "--ignore-scripts", "--no-package-lock"], project);
  return { project, tarball, tarballBytes, ...(await measureInstall(project)) };
}

/**
 * `npm i -D @oddkit-sdk/codemod` beside an installed library: pack the codemod
 * workspace (codemods/) and install both tarballs together, as a user adding
 * the migrate tooling would. Returns what node_modules holds afterwards.
 */
export async function addCodemodPackage(
  installed: Installed,
): Promise<{ tarballBytes: number; packages: string[]; bytes: number }> {
  const out = await npm(
    ["pack", "--json", "--ignore-scripts", "--pack-destination", installed.project],
    join(ROOT, "codemods"),
  );
  const [info] = JSON.parse(out) as { filename: string }[];
  const tarball = join(installed.project, info!.filename);
  await npm(
    [
      "install",
      "-D",
      tarball,
      installed.tarball,
      "--prefer-offline",
      "--ignore-scripts",
      "--no-package-lock",
    ],
    installed.project,
  );
  return { tarballBytes: (await stat(tarball)).size, ...(await measureInstall(installed.project)) };
}

export interface WorkerBundle {
  readonly minifiedBytes: number;
  readonly gzippedBytes: number;
  /** Packages whose code is in the bundle. */
  readonly packages: readonly string[];
  readonly text: string;
}

/** Bundle the documented Worker against the installed package, as wrangler would (workerd conditions, ESM, minified). */
export async function bundleWorker(project: string): Promise<WorkerBundle> {
  const dir = join(project, "worker");
  await mkdir(dir, { recursive: true });
  const entry = join(dir, "worker.ts");
  await copyFile(WORKER_EXAMPLE, entry);
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: project,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    minify: true,
    metafile: true,
    logLevel: "silent",
  });
  const out = result.outputFiles[0]!;
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    if (name) packages.add(name);
  }
  return {
    minifiedBytes: out.contents.length,
    gzippedBytes: gzipSync(out.contents, { level: 9 }).length,
    packages: [...packages].sort(),
    text: out.text,
  };
}

/** The installed package's own manifest (what `npm i` put under node_modules/oddkit-sdk). */
export async function installedManifest(project: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(project, "node_modules/oddkit-sdk/package.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
