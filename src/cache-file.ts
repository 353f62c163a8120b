/**
 * Checked cache files, as the search index cache and the parse cache keep
 * them: the content followed by its sha256, written to a temporary file in
 * the same folder and renamed into place. A reader gets the content only when
 * the digest matches, so a torn, truncated or corrupted file is never
 * trusted; concurrent writers and a kill mid-write leave the old file, the new
 * one or a stray temporary file, never a half file under the real name. Every
 * failure is reported as "nothing" (false, null): a cache only saves work.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

const DIGEST_BYTES = 32;
/** A temporary file this old belongs to a writer that was killed (a live one renames within seconds). */
const STRAY_TEMP_MS = 10 * 60_000;

/**
 * Write `parts` and their sha256 to `file` atomically (creating its folder); true when written.
 * The parts are taken one at a time, hashed and written as they come: a generator can make each
 * part only when it is written (the parse cache serialises a batch of entries per part).
 */
export function writeCheckedFile(file: string, parts: Iterable<Uint8Array>): boolean {
  const writer = CheckedFileWriter.open(file);
  if (writer === null) return false;
  try {
    for (const part of parts) if (!writer.write(part)) return false;
  } catch {
    writer.abandon();
    return false;
  }
  return writer.commit();
}

/**
 * A checked file written part by part over time (the parse cache writes its entries while a load
 * still runs): the parts go to a temporary file in the same folder, hashed as they come, and only
 * `commit` renames it into place, so a writer abandoned, failing or killed at any point leaves the
 * old file (or none) under the real name, exactly as `writeCheckedFile`.
 */
export class CheckedFileWriter {
  readonly #file: string;
  readonly #temp: string;
  readonly #hash = createHash("sha256");
  #fd: number | null;

  private constructor(file: string, temp: string, fd: number) {
    this.#file = file;
    this.#temp = temp;
    this.#fd = fd;
  }

  /** A writer of `file` (its folder created), or null when the folder cannot be written. */
  static open(file: string): CheckedFileWriter | null {
    const temp = tempName(file);
    try {
      mkdirSync(dirname(file), { recursive: true });
      return new CheckedFileWriter(file, temp, openSync(temp, "w"));
    } catch {
      removeQuietly(temp);
      return null;
    }
  }

  /** Still writing (neither committed nor abandoned, no write failed). */
  get open(): boolean {
    return this.#fd !== null;
  }

  /** Append `part`; false (and the writer abandoned) when it cannot be written. */
  write(part: Uint8Array): boolean {
    if (this.#fd === null) return false;
    try {
      this.#hash.update(part);
      writeFileSync(this.#fd, part);
      return true;
    } catch {
      this.abandon();
      return false;
    }
  }

  /** Append the digest and rename the file into place; true when it is there. */
  commit(): boolean {
    const fd = this.#fd;
    if (fd === null) return false;
    this.#fd = null;
    try {
      try {
        writeFileSync(fd, this.#hash.digest());
      } finally {
        closeSync(fd);
      }
      renameSync(this.#temp, this.#file);
      return true;
    } catch {
      removeQuietly(this.#temp);
      return false;
    }
  }

  /** Drop what was written: the real file is left as it was. */
  abandon(): void {
    const fd = this.#fd;
    if (fd === null) return;
    this.#fd = null;
    try {
      closeSync(fd);
    } catch {
      // Closing failed: the temporary file is removed all the same.
    }
    removeQuietly(this.#temp);
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The folder itself is unusable (e.g. a file stands where it should be): nothing was written.
  }
}

/**
 * `writeCheckedFile`, the bytes written by the thread pool while this thread hashes them (part by
 * part: each part's write runs while the same part is hashed), so the two overlap: for the ~380 MB
 * search index of 100k documents, hashing and writing one after the other took twice as long.
 * The same file, the same atomic rename; resolves to false (never rejects) when nothing was written.
 * The parts must not change until it resolves.
 */
export async function writeCheckedFileAsync(file: string, parts: readonly Uint8Array[]): Promise<boolean> {
  const hash = createHash("sha256");
  const temp = tempName(file);
  try {
    await mkdir(dirname(file), { recursive: true });
    const handle = await open(temp, "w");
    try {
      for (const part of parts) {
        const written = handle.writeFile(part);
        hash.update(part);
        await written;
      }
      await handle.writeFile(hash.digest());
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    return true;
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return false;
  }
}

/** A temporary name beside `file`, unique to this writer. */
function tempName(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

/** The content of a file `writeCheckedFile` wrote, or null when absent, unreadable, torn or corrupt. */
export function readCheckedFile(file: string): Buffer | null {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch {
    return null;
  }
  if (buffer.length < DIGEST_BYTES) return null;
  const content = buffer.subarray(0, buffer.length - DIGEST_BYTES);
  const digest = createHash("sha256").update(content).digest();
  return digest.equals(buffer.subarray(buffer.length - DIGEST_BYTES)) ? content : null;
}

/**
 * Remove the files of `dir` named `prefix…extension` other than `keep` (superseded by it), and
 * temporary files of that prefix abandoned by killed writers. Housekeeping only: never throws.
 */
export function pruneCacheFiles(dir: string, prefix: string, extension: string, keep: string): void {
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!name.startsWith(prefix) || path === keep) continue;
      if (name.endsWith(extension)) rmSync(path, { force: true });
      else if (name.endsWith(".tmp") && Date.now() - statSync(path).mtimeMs > STRAY_TEMP_MS)
        rmSync(path, { force: true });
    }
  } catch {
    // Pruning is housekeeping only.
  }
}
