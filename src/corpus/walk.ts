/**
 * Listing and reading a corpus folder's markdown under the real-path rule
 * every loader (serve, audit, cost, conformance, report) shares:
 * - the walk starts at the folder's real path and never follows a symbolic
 *   link: a link is reported as a warning with its target and not served
 *   (a link out of the corpus would serve `/etc/passwd`; a link inside it
 *   would serve the same file twice, or loop);
 * - every folder is entered once (by device and inode), so a folder loop
 *   that is not a link (a bind mount) ends instead of repeating;
 * - a file is opened with `O_NOFOLLOW`: one swapped for a link after the
 *   listing is refused, not read through.
 */
import { type BigIntStats, closeSync, constants, type Dirent, fstatSync, openSync, readSync } from "node:fs";
import { open, readdir, readlink, realpath, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { LoadWarning } from "./types.js";

/** Folder names never indexed, at any depth. */
export const IGNORED_FOLDERS = ["node_modules", ".git", "dist", "build"] as const;

const IGNORED = new Set<string>(IGNORED_FOLDERS);

export interface CorpusListing {
  /** The folder's real path. */
  readonly root: string;
  /** Markdown files, relative to `root` with forward slashes, sorted. */
  readonly paths: string[];
  /** Links (and unreadable folders) met by the walk: reported, not served. */
  readonly warnings: LoadWarning[];
}

const toPosix = (p: string) => p.split(sep).join("/");

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Every `*.md` under `dir` (links reported, never followed). `dir` must be a readable folder. */
export async function listMarkdownFiles(dir: string): Promise<CorpusListing> {
  const root = await realpath(dir);
  const paths: string[] = [];
  const warnings: LoadWarning[] = [];
  const seen = new Set<string>();

  const reportLink = async (path: string, isMarkdownName: boolean) => {
    const target = await readlink(path).catch(() => "?");
    const real = await realpath(path).catch(() => null);
    const info = real === null ? null : await stat(real).catch(() => null);
    // Links to something that would never be served (an image, a script) are not worth a warning.
    if (!isMarkdownName && !info?.isDirectory()) return;
    const rel = toPosix(relative(root, path));
    const message =
      real === null
        ? `symbolic link to ${target}, which does not exist: not served.`
        : isInside(root, real)
          ? `symbolic link to ${target} inside the corpus: not followed (the target is served at its own path ${toPosix(relative(root, real)) || "."}).`
          : `symbolic link to ${target}, outside the corpus folder: not served. Copy the file into the corpus to serve it.`;
    warnings.push({ path: rel, message });
  };

  const walk = async (dir: string): Promise<void> => {
    const info = await stat(dir);
    const id = `${info.dev}:${info.ino}`;
    if (seen.has(id)) {
      warnings.push({
        path: toPosix(relative(root, dir)),
        message: "folder already walked (a loop): its files are served once.",
      });
      return;
    }
    seen.add(id);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      warnings.push({
        path: toPosix(relative(root, dir)) || ".",
        message: `folder cannot be read and is not served: ${(error as Error).message}`,
      });
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const isMarkdownName = entry.name.endsWith(".md");
      if (entry.isSymbolicLink()) await reportLink(path, isMarkdownName);
      else if (entry.isDirectory()) {
        if (!IGNORED.has(entry.name)) await walk(path);
      } else if (entry.isFile() && isMarkdownName) paths.push(toPosix(relative(root, path)));
    }
  };

  await walk(root);
  return { root, paths: paths.sort(), warnings };
}

/** Read one listed file as UTF-8 text without following a link (ELOOP when it became one). */
export async function readCorpusFile(root: string, path: string): Promise<string> {
  const handle = await open(join(root, path), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ELOOP")
        throw new Error("it became a symbolic link after the listing; not followed");
      throw error;
    },
  );
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/** readCorpusFile, synchronously (the loader reads one file at a time; see load.ts). */
export function readCorpusFileSync(root: string, path: string): string {
  return new CorpusFileReader(root).read(path).toString("utf8");
}

/**
 * Reads corpus files one after another into one reused buffer: the loader's loop allocates
 * nothing per file (a fresh Buffer per file made 100k files ~1 GB of off-heap allocations, each
 * 64 MB of them forcing a full garbage collection of the whole loaded corpus).
 */
export class CorpusFileReader {
  #buffer = Buffer.allocUnsafe(0);
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /** The bytes of `path` (relative to the root), valid until the next `read`. Links are refused. */
  read(path: string): Buffer {
    return this.#read(path, false).bytes;
  }

  /**
   * `read`, with the file's stats taken by `fstat` on the open file before its bytes are read: a
   * stamp made of them never describes newer bytes than these (stamp.ts).
   */
  readWithStats(path: string): { bytes: Buffer; stats: BigIntStats } {
    const { bytes, stats } = this.#read(path, true);
    return { bytes, stats: stats as BigIntStats };
  }

  #read(path: string, bigint: boolean): { bytes: Buffer; stats: BigIntStats | null } {
    let fd: number;
    try {
      fd = openSync(join(this.#root, path), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ELOOP")
        throw new Error("it became a symbolic link after the listing; not followed");
      throw error;
    }
    try {
      // Sized by fstat, read until end of file (the file may grow in between: the buffer grows too).
      const stats = bigint ? fstatSync(fd, { bigint: true }) : null;
      const size = stats === null ? fstatSync(fd).size : Number(stats.size);
      if (size + 1 > this.#buffer.length) this.#buffer = Buffer.allocUnsafe(size + 1 + (size >> 2));
      let length = 0;
      for (;;) {
        if (length === this.#buffer.length) {
          const grown = Buffer.allocUnsafe(this.#buffer.length * 2 + 4096);
          this.#buffer.copy(grown);
          this.#buffer = grown;
        }
        const n = readSync(fd, this.#buffer, length, this.#buffer.length - length, null);
        if (n === 0) break;
        length += n;
      }
      return { bytes: this.#buffer.subarray(0, length), stats };
    } finally {
      closeSync(fd);
    }
  }
}
