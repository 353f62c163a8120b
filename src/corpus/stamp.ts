/**
 * File stamps: how the parse cache proves a file unchanged without reading
 * it, as git's index does (docs/corpus.md, "Freshness").
 *
 * The cache keys every parse by the sha256 of the file's text; beside the
 * hash it remembers the file's stamp — size, mtime and ctime in nanoseconds,
 * inode and device — taken by `fstat` on the open file *before* its bytes
 * were read. A later load `lstat`s the file: the same stamp means the same
 * bytes, so the cached hash (and parse) is taken without reading or hashing
 * the file; any other stamp (or none) and the file is read and hashed as
 * before. ctime cannot be set by a user (any write, chmod, rename or
 * `utimes` sets it to the current time), so a changed file has a new stamp
 * even when its size and mtime were restored.
 *
 * The racy-git rule: timestamps have a granularity (1–10 ms on Linux's
 * coarse clock, 1 s on HFS+/ext3, 2 s on FAT), so a file written again
 * within the same tick as the stamp was taken keeps the same mtime and
 * ctime — and a same-size rewrite would look unchanged. A stamp is therefore
 * recorded only when the file's mtime and ctime are at least RACY_WINDOW_NS
 * older than the start of the load that read it: any later write then falls
 * in a later tick and changes the stamp. A file changed more recently is
 * read and hashed on every load until it has settled. This assumes the
 * corpus's filesystem keeps this machine's clock (a network mount whose
 * server clock runs ahead by more than the window would defeat it; turn the
 * cache off there: `ODDKIT_INDEX_CACHE=off`).
 */
import type { BigIntStats } from "node:fs";

/** mtime and ctime must be this much older than the load start to be trusted: 2 s (FAT) + clock lag. */
export const RACY_WINDOW_NS = 3_000_000_000n;

/** A file's size, mtime/ctime (ns), inode and device, as one comparable string. */
export type FileStamp = string;

/** The stamp of a regular file (null for anything else: a link, a folder, a device). */
export function stampOf(stats: BigIntStats): FileStamp | null {
  if (!stats.isFile()) return null;
  return `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}:${stats.dev}`;
}

/** The wall clock in nanoseconds (the load start the racy rule measures against). */
export function wallClockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

/**
 * The stamp to record for a file whose `stats` were taken before its bytes were read by a load
 * that started at `loadStartNs`, or null when the file changed too recently to be trusted later
 * (the racy-git rule above).
 */
export function settledStamp(stats: BigIntStats, loadStartNs: bigint): FileStamp | null {
  const settledBefore = loadStartNs - RACY_WINDOW_NS;
  if (stats.mtimeNs >= settledBefore || stats.ctimeNs >= settledBefore) return null;
  return stampOf(stats);
}
