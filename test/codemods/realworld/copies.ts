/**
 * The temporary world the harness runs the corpus in: a `node_modules` that
 * resolves the real packages (ky, hono, the MCP SDK, oddkit-sdk itself, as a
 * consumer who installed it would) plus the stub packages, and copies of the
 * corpus (original, migrated, and per-server run copies). Run copies get the
 * Deno import map applied (`npm:x@1` → `x`, `https://esm.sh/x@1` → `x`, the
 * std `serve` → its stub), which is what Deno's resolver does for the real
 * files; the original and migrated copies stay exactly as written.
 */

import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { glob } from "tinyglobby";

export const ROOT = resolve(import.meta.dirname, "../../..");
const STUBS = join(import.meta.dirname, "stubs");
const STUB_PACKAGES: Record<string, string> = {
  react: "react",
  axios: "axios",
  next: "next",
  "deno-std-http": "deno-std-http",
  "@supabase/supabase-js": "supabase-js",
  "server-only": "server-only",
  $env: "sveltekit-env",
};

/** `<root>/node_modules`: symlinks to this package's dependencies, oddkit-sdk → this package, and the stubs. */
export async function makeNodeModules(root: string): Promise<string> {
  const target = join(root, "node_modules");
  await mkdir(target, { recursive: true });
  const source = join(ROOT, "node_modules");
  for (const entry of await readdir(source)) {
    // oddkit-sdk is linked below (the repository's own node_modules holds it too: the workspace link).
    if (entry.startsWith(".") || entry === "oddkit-sdk" || Object.hasOwn(STUB_PACKAGES, entry)) continue;
    await symlink(join(source, entry), join(target, entry), "dir");
  }
  await symlink(ROOT, join(target, "oddkit-sdk"), "dir");
  for (const [name, dir] of Object.entries(STUB_PACKAGES)) {
    await mkdir(join(target, name, ".."), { recursive: true });
    await cp(join(STUBS, dir), join(target, name), { recursive: true });
  }
  return target;
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s*)(["'])([^"'\n]+)\2/gm;

/** Deno's resolution of remote and npm: specifiers, as an import map would give it. */
export function mapSpecifier(specifier: string): string {
  if (/^https:\/\/deno\.land\/std@[^/]+\/http\/server\.ts$/.test(specifier)) return "deno-std-http/server";
  const remote = specifier.match(/^(?:npm:|https:\/\/esm\.sh\/)((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/);
  if (remote) return `${remote[1]}${remote[2] ?? ""}`;
  return specifier;
}

export function applyImportMap(text: string): string {
  return text.replace(
    SPECIFIER,
    (_m, lead: string, quote: string, spec: string) => `${lead}${quote}${mapSpecifier(spec)}${quote}`,
  );
}

export async function copyTree(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
}

const VITE_CONFIGS = ["vite.config.ts", "vite.config.js", "vite.config.mjs"];

/** The folder of the nearest Vite config at or above `dir`, up to `root`; null when none. */
function viteRoot(dir: string, root: string): string | null {
  for (let current = dir; current.startsWith(root); current = dirname(current)) {
    if (VITE_CONFIGS.some((name) => existsSync(join(current, name)))) return current;
    if (current === root) break;
  }
  return null;
}

/**
 * The `@/` alias of a Vite project (`"@": path.resolve(__dirname, "./src")`, what Lovable and shadcn
 * generate) as its bundler resolves it: `@/x` → the relative path of `<project>/src/x`.
 */
export function applyViteAlias(text: string, file: string, project: string): string {
  return text.replace(SPECIFIER, (m, lead: string, quote: string, spec: string) => {
    if (!spec.startsWith("@/")) return m;
    let rel = relative(dirname(file), join(project, "src", spec.slice(2)));
    if (!rel.startsWith(".")) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
}

/** A run copy of `from`: the same files with the import map (and a Vite project's `@/` alias) applied. */
export async function runCopy(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
  for (const file of await glob("**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}", { cwd: to, absolute: true })) {
    const text = await readFile(file, "utf8");
    let mapped = applyImportMap(text);
    const project = viteRoot(dirname(file), to);
    if (project !== null) mapped = applyViteAlias(mapped, file, project);
    if (mapped !== text) await writeFile(file, mapped);
  }
}
