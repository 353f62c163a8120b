/**
 * The built search index on disk, so `serve`, `search` and `report` on an
 * unchanged corpus skip the index build (most of a large corpus's start
 * after loading). One file per corpus folder, named by the corpus content
 * and the indexer itself:
 *
 * - the key is the corpus revision (sha256 over every served document's path
 *   and content hash) plus a fingerprint of the indexer (fields, boosts, the
 *   tokenizer and stop words run on a probe text), so a changed document or a
 *   changed tokenizer never meets an old index;
 * - the file ends with the sha256 of everything before it, and every postings
 *   invariant is checked on read: a torn, truncated or corrupted file is
 *   ignored and rebuilt, never trusted;
 * - it is written to a temporary file in the same folder and renamed into
 *   place, so concurrent writers and a kill mid-write leave either the old
 *   file, the new one, or a stray temporary file — never a half file under
 *   the real name. Older files of the same corpus folder are removed after a
 *   write.
 * Any failure to read or write the cache only costs the build it would have
 * saved: the server never fails because of it.
 */
import { createHash } from "node:crypto";
import { endianness, homedir } from "node:os";
import { join } from "node:path";
import { pruneCacheFiles, readCheckedFile, writeCheckedFileAsync } from "../../cache-file.js";
import { FIELD_COUNT, type Postings } from "./postings.js";
import { FIELD_BOOSTS, FIELDS, fieldTexts, processTerm, tokenize } from "./terms.js";

/** Bump when the file layout changes. */
const FORMAT = 1;
const MAGIC = "ODDKITIX";
const EXTENSION = ".idx";

/** `ODDKIT_INDEX_CACHE=off` disables the cache; `ODDKIT_INDEX_CACHE_DIR` moves it. */
export function defaultIndexCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const switchValue = (env.ODDKIT_INDEX_CACHE ?? "").toLowerCase();
  if (["off", "0", "false", "no"].includes(switchValue)) return null;
  if (env.ODDKIT_INDEX_CACHE_DIR) return env.ODDKIT_INDEX_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "oddkit-sdk", "index");
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

let fingerprint: string | null = null;

/** What the indexer does, as a hash: fields, boosts and the terms it makes of a probe document. */
export function indexerFingerprint(): string {
  if (fingerprint !== null) return fingerprint;
  const probe = {
    path: "probe.md",
    title: "Probe: the Cache's Index — naïve café, 2024-05-01",
    frontmatter: { tags: ["tag-one", "Tag Two"] },
    body: "# Heading one\n\nThe quick brown fox's résumé: don't, can't; e-mail x@y.z 3.14 and/or 🎉 emoji.\n## Two\n- item",
  } as unknown as Parameters<typeof fieldTexts>[0];
  const terms = fieldTexts(probe).map((text) => tokenize(text).map(processTerm));
  fingerprint = sha256(JSON.stringify({ FORMAT, FIELDS, FIELD_BOOSTS, terms }));
  return fingerprint;
}

/** The cache file of a corpus folder (by its real path) for a revision. */
function fileOf(dir: string, corpusRoot: string, revision: string): { file: string; prefix: string } {
  const prefix = `${sha256(corpusRoot).slice(0, 16)}-`;
  const key = sha256(`${revision}\n${indexerFingerprint()}`).slice(0, 32);
  return { file: join(dir, `${prefix}${key}${EXTENSION}`), prefix };
}

interface Header {
  readonly format: number;
  readonly revision: string;
  readonly fingerprint: string;
  readonly documentCount: number;
  readonly terms: readonly string[];
  readonly lengths: { sorted: number; start: number; docs: number };
  readonly averageFieldLengths: readonly number[];
}

const align4 = (n: number) => (n + 3) & ~3;

/** The postings of `revision` from the cache, or null (absent, stale, corrupt: the caller builds). */
export function readCachedPostings(
  dir: string,
  corpusRoot: string,
  revision: string,
  documentCount: number,
): Postings | null {
  if (endianness() !== "LE") return null;
  const body = readCheckedFile(fileOf(dir, corpusRoot, revision).file);
  if (body === null) return null;
  try {
    return decode(body, revision, documentCount);
  } catch {
    return null;
  }
}

/** The postings in `body` (the checked file's content, trailer removed), or null when they do not check out. */
function decode(body: Buffer, revision: string, documentCount: number): Postings | null {
  if (body.length < 16 || body.toString("latin1", 0, 8) !== MAGIC) return null;
  const headerLength = body.readUInt32LE(8);
  const header = JSON.parse(body.toString("utf8", 12, 12 + headerLength)) as Header;
  if (
    header.format !== FORMAT ||
    header.revision !== revision ||
    header.fingerprint !== indexerFingerprint() ||
    header.documentCount !== documentCount ||
    !Array.isArray(header.terms) ||
    header.averageFieldLengths.length !== FIELD_COUNT
  ) {
    return null;
  }
  let offset = align4(12 + headerLength);
  const column = (length: number): Uint32Array => {
    const bytes = length * 4;
    if (offset + bytes > body.length) throw new Error("truncated");
    // A copy: the typed arrays must not keep the whole file buffer alive, nor depend on its alignment.
    const out = new Uint32Array(length);
    new Uint8Array(out.buffer).set(body.subarray(offset, offset + bytes));
    offset += bytes;
    return out;
  };
  const terms = header.terms;
  const sortedTermIds = column(header.lengths.sorted);
  const start = column(header.lengths.start);
  const docs = column(header.lengths.docs);
  const freqs = column(header.lengths.docs);
  const fieldLengths = Array.from({ length: FIELD_COUNT }, () => column(documentCount));
  if (offset !== body.length) return null;
  // The invariants every query relies on: checked here so no query can read out of bounds.
  if (sortedTermIds.length !== terms.length || start.length !== terms.length * FIELD_COUNT + 1) return null;
  if (start[0] !== 0 || start[start.length - 1] !== docs.length) return null;
  for (let i = 1; i < start.length; i++) if (start[i]! < start[i - 1]!) return null;
  for (const id of sortedTermIds) if (id >= terms.length) return null;
  for (const doc of docs) if (doc >= documentCount) return null;
  const termIds = new Map<string, number>();
  terms.forEach((term, id) => {
    termIds.set(term, id);
  });
  if (termIds.size !== terms.length) return null;
  return {
    documentCount,
    terms,
    termIds,
    sortedTermIds,
    start,
    docs,
    freqs,
    fieldLengths,
    averageFieldLengths: header.averageFieldLengths,
  };
}

/**
 * Write the postings of `revision` (atomically); true when written. Failures are swallowed (see
 * above). Written by the thread pool while this thread hashes (cache-file.ts): the postings must
 * not change until it resolves (they never do: an index is immutable).
 */
export async function writeCachedPostings(
  dir: string,
  corpusRoot: string,
  revision: string,
  postings: Postings,
): Promise<boolean> {
  if (endianness() !== "LE") return false;
  const { file, prefix } = fileOf(dir, corpusRoot, revision);
  const header: Header = {
    format: FORMAT,
    revision,
    fingerprint: indexerFingerprint(),
    documentCount: postings.documentCount,
    terms: postings.terms,
    lengths: {
      sorted: postings.sortedTermIds.length,
      start: postings.start.length,
      docs: postings.docs.length,
    },
    averageFieldLengths: postings.averageFieldLengths,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const head = Buffer.alloc(align4(12 + headerBytes.length));
  head.write(MAGIC, 0, "latin1");
  head.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(head, 12);
  const columns = [
    postings.sortedTermIds,
    postings.start,
    postings.docs,
    postings.freqs,
    ...postings.fieldLengths,
  ].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  if (!(await writeCheckedFileAsync(file, [head, ...columns]))) return false;
  // Older indexes of this corpus folder are superseded.
  pruneCacheFiles(dir, prefix, EXTENSION, file);
  return true;
}
