/**
 * Which files `migrate` looks at: source files under the given paths, minus
 * build output and dependencies.
 *
 * Safety rules (a rewrite must never land outside what the user named):
 * - the walk starts at each given path's real path and never follows a
 *   symbolic link: a link to a file or a folder is reported in `skipped`
 *   with its target, and not read, not listed under `--dry`, not written;
 * - every folder is entered once (by device and inode), so a loop made by a
 *   bind mount or a hard-linked folder ends the walk instead of repeating it;
 * - a file over `MIGRATE_MAX_FILE_BYTES` is reported in `skipped`, unread
 *   (parsing it would take minutes and gigabytes).
 */
import { type Dirent, realpathSync } from "node:fs";
import { lstat, readdir, readlink, realpath, stat, unlink } from "node:fs/promises";
import { basename, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isStaleTempFile } from "./file-io.js";
import { MIGRATE_MAX_FILE_BYTES } from "./limits.js";
import { SOURCE_EXTENSIONS } from "./parser.js";

export const IGNORED_DIRECTORIES = ["node_modules", "dist", "build", ".git"] as const;

/**
 * Dot-folders that hold what tools generate or keep (version control, framework builds, caches,
 * editor state), never the project's sources. Every other dot-folder is walked: `.github/scripts/`
 * holds the scripts `actions/github-script` runs, `.storybook/` and `.config/` hold code too.
 */
export const GENERATED_DOT_DIRECTORIES = [
  ".git",
  ".hg",
  ".svn",
  ".next",
  ".nuxt",
  ".output",
  ".svelte-kit",
  ".astro",
  ".angular",
  ".docusaurus",
  ".expo",
  ".vercel",
  ".netlify",
  ".wrangler",
  ".turbo",
  ".cache",
  ".parcel-cache",
  ".yarn",
  ".pnpm-store",
  ".vscode",
  ".idea",
] as const;

const IGNORED = new Set<string>([...IGNORED_DIRECTORIES, ...GENERATED_DOT_DIRECTORIES]);
const EXTENSIONS = new Set<string>(SOURCE_EXTENSIONS.map((e) => `.${e}`));
const DECLARATION = /\.d\.[mc]?ts$/;

/** A path the walk met and left alone, with the reason (shown in the summary). */
export interface SkippedFile {
  readonly file: string;
  readonly reason: string;
}

export interface Discovery {
  /** Real paths of the source files to read, sorted. */
  readonly files: string[];
  /** Links not followed, files over the size limit: reported, never read or written. */
  readonly skipped: SkippedFile[];
  /** Temp files left by a killed earlier run (removed unless `dry`). */
  readonly staleTempFiles: string[];
}

export interface DiscoverOptions {
  readonly maxFileBytes?: number;
  /** Report stale temp files instead of removing them. */
  readonly dry?: boolean;
}

function isSourceName(name: string): boolean {
  return EXTENSIONS.has(extname(name).toLowerCase()) && !DECLARATION.test(name);
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export async function discoverSourceFiles(
  paths: readonly string[],
  cwd: string,
  options: DiscoverOptions = {},
): Promise<Discovery> {
  const maxBytes = options.maxFileBytes ?? MIGRATE_MAX_FILE_BYTES;
  const found = new Set<string>();
  const skipped = new Map<string, string>();
  const stale: string[] = [];
  const seenDirs = new Set<string>();
  const roots: string[] = [];
  const given = paths.length > 0 ? paths : ["."];
  // The roots' real paths first: a link is "inside" when its target lies under any of them.
  for (const path of given) {
    const absolute = isAbsolute(path) ? path : resolve(cwd, path);
    const real = await realpath(absolute).catch(() => null);
    if (real === null) throw new Error(`migrate: no such file or directory: ${path}`);
    roots.push(real);
  }
  const withinRoots = (p: string) => roots.some((r) => isInside(r, p));

  const considerFile = (file: string, size: number) => {
    if (size > maxBytes) {
      skipped.set(
        file,
        `${size} bytes is over the ${maxBytes}-byte limit per file (MIGRATE_MAX_FILE_BYTES); not read: migrate it by hand or raise maxFileBytes`,
      );
    } else found.add(file);
  };

  const reportLink = async (link: string) => {
    const target = await readlink(link).catch(() => "?");
    const real = await realpath(link).catch(() => null);
    const info = real === null ? null : await stat(real).catch(() => null);
    if (info !== null && !info.isDirectory() && !isSourceName(basename(link))) return;
    if (info === null && !isSourceName(basename(link))) return;
    const where =
      real === null
        ? "a missing target"
        : withinRoots(real)
          ? "inside the given paths"
          : "outside the given paths";
    skipped.set(
      link,
      `symbolic link to ${target} (${where}): not followed; pass the real path to migrate its target`,
    );
  };

  const walk = async (dir: string): Promise<void> => {
    const info = await stat(dir);
    const id = `${info.dev}:${info.ino}`;
    if (seenDirs.has(id)) return;
    seenDirs.add(id);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      skipped.set(dir, `folder not readable: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // A folder's source files are measured all at once (one at a time, each lstat is a round trip).
    const sourceFiles: string[] = [];
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isFile() && isStaleTempFile(path)) {
        stale.push(path);
        continue;
      }
      // Dotfiles are tool configuration, not the project's sources; dot-folders are walked unless generated.
      if (entry.name.startsWith(".") && !entry.isDirectory()) continue;
      if (entry.isSymbolicLink()) await reportLink(path);
      else if (entry.isDirectory()) {
        if (!IGNORED.has(entry.name)) await walk(path);
      } else if (entry.isFile() && isSourceName(entry.name)) {
        sourceFiles.push(path);
      }
    }
    const sizes = await Promise.all(sourceFiles.map(async (path) => (await lstat(path)).size));
    for (const [k, path] of sourceFiles.entries()) considerFile(path, sizes[k] as number);
  };

  for (const root of roots) {
    const info = await stat(root);
    if (info.isDirectory()) await walk(root);
    // A file named explicitly is taken whatever its extension (as before).
    else if (info.isFile()) considerFile(root, info.size);
  }
  if (!options.dry) for (const file of stale) await unlink(file).catch(() => undefined);
  return {
    files: [...found].sort(),
    skipped: [...skipped]
      .map(([file, reason]) => ({ file, reason }))
      .sort((a, b) => (a.file < b.file ? -1 : 1)),
    staleTempFiles: stale.sort(),
  };
}

/** The source files only (callers that do not report what was skipped). */
export async function findSourceFiles(paths: readonly string[], cwd: string): Promise<string[]> {
  return (await discoverSourceFiles(paths, cwd, { dry: true })).files;
}

const realCwds = new Map<string, string>();

/** `file` relative to `cwd` (or to its real path: discovered files are real paths), else absolute. */
export function displayPath(file: string, cwd: string): string {
  let realCwd = realCwds.get(cwd);
  if (realCwd === undefined) {
    try {
      realCwd = realpathSync(cwd);
    } catch {
      realCwd = cwd;
    }
    realCwds.set(cwd, realCwd);
  }
  for (const base of [cwd, realCwd]) {
    const rel = relative(base, file);
    if (!rel.startsWith("..") && !isAbsolute(rel)) return rel;
  }
  return file;
}
