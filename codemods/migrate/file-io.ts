/**
 * How `migrate` reads and writes one file. Bytes in, bytes out:
 * - a file is read as bytes and decoded as strict UTF-8 (a byte-order mark
 *   kept); valid UTF-8 round-trips exactly, so every byte no transform
 *   touched is written back as it was. A file that is not valid UTF-8 is
 *   never decoded lossily (a 0xE9 would become EF BF BD): it is refused
 *   with the offset of the first bad byte;
 * - a file is opened without following a link (`O_NOFOLLOW`), so a file
 *   swapped for a link after discovery is refused, not read through;
 * - a write goes to a temp file in the same folder, with the original's
 *   mode, flushed, then renamed over the original: a kill at any moment
 *   leaves the original or the whole new text, never a half-written file.
 *   A temp file left by a killed run is recognised by its name and removed
 *   by the next run (discovery).
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { access, lstat, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { OddkitError } from "oddkit-sdk";

/** Why a file was not read or not written: the message says what to do. */
export class MigrateFileError extends OddkitError {
  override readonly name = "MigrateFileError";
  constructor(
    readonly file: string,
    readonly reason: "not-utf8" | "too-large" | "not-a-file" | "changed-on-disk" | "read-only",
    message: string,
  ) {
    super(message);
  }
}

export interface ReadSource {
  readonly text: string;
  readonly bytes: Buffer;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Offset of the first byte that is not part of a valid UTF-8 sequence (or -1). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0) return i;
    if (i + need >= bytes.length && need > 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] as number;
      let lo = 0x80;
      let hi = 0xbf;
      if (k === 1 && b === 0xe0) lo = 0xa0;
      if (k === 1 && b === 0xed) hi = 0x9f;
      if (k === 1 && b === 0xf0) lo = 0x90;
      if (k === 1 && b === 0xf4) hi = 0x8f;
      if (c < lo || c > hi) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Decode strict UTF-8, or throw a `MigrateFileError` naming the first bad byte and its line. */
export function decodeUtf8(file: string, bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, Math.max(at, 0)).filter((b) => b === 0x0a).length + 1;
    const byte = at >= 0 ? `0x${(bytes[at] as number).toString(16).toUpperCase().padStart(2, "0")}` : "?";
    throw new MigrateFileError(
      file,
      "not-utf8",
      `not valid UTF-8 (byte ${byte} at offset ${at}, line ${line}): migrate reads and writes UTF-8 only and never re-encodes; convert the file to UTF-8 or migrate it by hand. The file was not touched`,
    );
  }
}

/**
 * Read a regular file's bytes (no link followed, at most `maxBytes`), synchronously: a source file is
 * small, and the asynchronous open/stat/read/close took four trips to the thread pool each (2,000 files:
 * 0.29 s and 0.9 CPU-s, against 0.07 s and 0.5 CPU-s). `O_NONBLOCK` keeps the open from waiting on a
 * FIFO put in a file's place since it was listed (it is then refused as not a regular file); on a
 * regular file it changes nothing.
 */
export function readSourceBytes(file: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new MigrateFileError(
        file,
        "not-a-file",
        "became a symbolic link after it was listed; not followed",
      );
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new MigrateFileError(file, "not-a-file", "not a regular file; not read");
    if (info.size > maxBytes)
      throw new MigrateFileError(
        file,
        "too-large",
        `${info.size} bytes is over the ${maxBytes}-byte limit per file (MIGRATE_MAX_FILE_BYTES); not read`,
      );
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

const TEMP_MARK = ".oddkit-migrate-";
const TEMP_NAME = /^\..+\.oddkit-migrate-(\d+)-[0-9a-f]{8}\.tmp$/;

function tempPathFor(file: string): string {
  return join(
    dirname(file),
    `.${basename(file)}${TEMP_MARK}${process.pid}-${randomBytes(4).toString("hex")}.tmp`,
  );
}

/** A temp file of a migrate run whose process is gone (killed mid-write). */
export function isStaleTempFile(path: string): boolean {
  const match = TEMP_NAME.exec(basename(path));
  if (!match) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export interface ReplaceOptions {
  /** The bytes the file held when it was read: if it changed since, nothing is written. */
  readonly expected?: Buffer;
  /** Flush the temp file to disk before the rename (default true). */
  readonly fsync?: boolean;
}

/**
 * Replace `file`'s content with `text` (UTF-8) atomically: temp file in the
 * same folder (same file system, so `rename` is atomic), original mode,
 * flushed, renamed over the original. On any error the temp file is removed
 * and the original is left as it was.
 */
export async function replaceFileAtomically(
  file: string,
  text: string,
  options: ReplaceOptions = {},
): Promise<void> {
  const info = await lstat(file);
  if (!info.isFile())
    throw new MigrateFileError(
      file,
      "not-a-file",
      "is no longer a regular file (a link or folder now); not written",
    );
  // A rename replaces a read-only file whenever its folder is writable: the file's own
  // permission is asked first, so a file its owner protected is reported, never replaced.
  await access(file, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw new MigrateFileError(
      file,
      "read-only",
      `is not writable by this user (${error.code ?? "EACCES"}: read-only); not written: make it writable (chmod u+w) and run migrate again`,
    );
  });
  if (options.expected) {
    const now = readSourceBytes(file, Number.POSITIVE_INFINITY);
    if (!now.equals(options.expected))
      throw new MigrateFileError(
        file,
        "changed-on-disk",
        "changed on disk after migrate read it; not written: run migrate again on the new text",
      );
  }
  const mode = info.mode & 0o7777;
  const temp = tempPathFor(file);
  const handle = await open(temp, "wx", mode);
  try {
    try {
      await handle.writeFile(Buffer.from(text, "utf8"));
      // `open`'s mode is narrowed by the umask; the original's mode is restored exactly.
      await handle.chmod(mode);
      if (options.fsync !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
