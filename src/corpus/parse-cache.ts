/**
 * Parsed documents on disk, so loading an unchanged corpus folder skips the
 * YAML and markdown parsing (most of a large corpus's load once its search
 * index is cached too: 100k documents are ~1 GB of markdown).
 *
 * Entries are keyed by path and the sha256 of the file's text, which the
 * loader computes for every file anyway (the content hash it serves): a file
 * whose bytes changed never meets an old parse, whatever its timestamps say.
 * A file holds one corpus folder's entries for one kind map and one version
 * of the parsing rules (the package version plus a probe document parsed by
 * the current rules), so a changed kind map or parser starts from empty.
 *
 * The file ends with the sha256 of everything before it and is written to a
 * temporary file and renamed into place (as the search index cache): a torn,
 * truncated or corrupted file is ignored, never trusted. Any failure to read
 * or write only costs the parsing it would have saved; loading never fails
 * because of the cache.
 *
 * A load that says how many entries it expects (`expect`) has the file
 * written as it goes: each batch is serialised and written to the temporary
 * file as soon as its entries are all recorded, while the load's workers are
 * still parsing (on a cold 100k-document load, serialising and writing the
 * ~370 MB at the end took several seconds of a single thread). `save` then
 * writes the last batch and renames the file into place: the bytes are the
 * ones a save at the end writes (test/corpus/parse-cache-stream.test.ts), and
 * when the load's entries turn out otherwise than foreseen (fewer batches, a
 * path recorded twice) the streamed file is dropped and the whole file written
 * at the end as before.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { CheckedFileWriter, pruneCacheFiles, readCheckedFile, writeCheckedFile } from "../cache-file.js";
import type { KindMap } from "../contract/index.js";
import { documentFields, normalizeText } from "./document.js";
import { splitFrontmatter } from "./frontmatter.js";
import { type ParseResult, parseDocument } from "./parse.js";
import { packageVersion } from "./sample.js";
import type { FileStamp } from "./stamp.js";
import type { CorpusDocument, DocumentFields, LoadWarning } from "./types.js";

/** Bump when the file layout changes (2: the entries as a run of length-prefixed batches). */
const FORMAT = 2;
/** Entries per serialised batch: the whole payload at 100k documents was one ~330 MB buffer. */
const BATCH_ENTRIES = 2048;
const MAGIC = "ODDKITDC";
const EXTENSION = ".docs";

/** How a cache is written (tests use smaller batches). */
export interface ParseCacheOptions {
  /** Entries per serialised batch (default BATCH_ENTRIES). */
  readonly batchEntries?: number;
}

/** One file's parse, as cached: its fields (null when skipped), warnings and skip reason. */
export interface CachedParse {
  readonly hash: string;
  /** The file's stamp when its bytes were read, once settled (stamp.ts): the same stamp proves the same `hash`. */
  readonly stamp?: FileStamp;
  readonly fields: DocumentFields | null;
  readonly warnings: readonly LoadWarning[];
  readonly skipped?: string;
}

/**
 * The file: MAGIC, then records, each a 4-byte little-endian length and that many bytes of
 * `v8.serialize` output. The first record is the Header, each further one a Batch of entries.
 */
interface Header {
  readonly format: number;
  readonly key: string;
  readonly batches: number;
}
type Batch = [path: string, entry: CachedParse][];

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

let rulesFingerprint: string | null = null;

/** The parsing rules as a hash: the package version and what they make of a probe document. */
function parserFingerprint(): string {
  if (rulesFingerprint !== null) return rulesFingerprint;
  const probe = [
    "---",
    "title: Probe — naïve “quotes”",
    "date: 2024-05-01",
    "kind: canon",
    "tags: [a, b]",
    "uri: klappy://probe",
    "---",
    "# Heading",
    "",
    "> The blockquote.",
    "",
    "## Summary",
    "",
    "The summary line.",
    "",
  ].join("\n");
  const parsed = parseDocument("docs/probe.md", probe);
  const fields = parsed.document === null ? null : documentFields(parsed.document);
  rulesFingerprint = sha256(
    JSON.stringify({ FORMAT, version: packageVersion(), fields, warnings: parsed.warnings }),
  );
  return rulesFingerprint;
}

/** The file being written while the load runs: its header promised `batches` batches. */
interface Stream {
  readonly writer: CheckedFileWriter;
  readonly batches: number;
  /** Paths and entries in the order set, those of the written batches first. */
  readonly paths: string[];
  readonly entries: CachedParse[];
  /** Entries written (whole batches). */
  written: number;
}

/** The cache of one corpus folder (by its real path) under one kind map. */
export class ParseCache {
  readonly #file: string;
  readonly #prefix: string;
  readonly #dir: string;
  readonly #key: string;
  readonly #batchEntries: number;
  readonly #previous: Record<string, CachedParse>;
  readonly #next: Record<string, CachedParse> = Object.create(null);
  /** Entries this load expects to hold (`expect`; 0: unknown, the file is written by `save`). */
  #expected = 0;
  #stream: Stream | null = null;
  /** A path was set twice: what was streamed may be stale, `save` writes the whole file. */
  #reset = false;
  /** Entries reused from the file (the rest were parsed). */
  hits = 0;
  #changed = false;

  private constructor(dir: string, root: string, kindMap: KindMap, options: ParseCacheOptions) {
    this.#dir = dir;
    this.#prefix = `${sha256(root).slice(0, 16)}-`;
    this.#key = sha256(`${root}\n${JSON.stringify(kindMap)}\n${parserFingerprint()}`);
    this.#file = join(dir, `${this.#prefix}${this.#key.slice(0, 32)}${EXTENSION}`);
    const batchEntries = options.batchEntries ?? BATCH_ENTRIES;
    if (!(Number.isInteger(batchEntries) && batchEntries > 0))
      throw new TypeError(`ParseCache: batchEntries must be an integer > 0, got ${String(batchEntries)}`);
    this.#batchEntries = batchEntries;
    this.#previous = this.#read() ?? Object.create(null);
  }

  /** The cache in `dir` for the folder `root` (its real path) loaded with `kindMap`; empty when absent or unreadable. */
  static open(dir: string, root: string, kindMap: KindMap, options: ParseCacheOptions = {}): ParseCache {
    return new ParseCache(dir, root, kindMap, options);
  }

  /**
   * The load will most likely set `entries` entries (one per listed file): once one of them is
   * new, the file is written batch by batch as they are set, instead of all at once by `save`.
   */
  expect(entries: number): void {
    this.#expected = entries;
  }

  /** The content hash the cache holds a parse of for `path` (normalised), if any. */
  cachedHash(path: string): string | undefined {
    return this.#previous[path]?.hash;
  }

  /** The stamp the cache holds for `path` (normalised), if any: `proven` takes the entry when the file's stamp is this. */
  cachedStamp(path: string): FileStamp | undefined {
    return this.#previous[path]?.stamp;
  }

  /**
   * The cached parse of `path` (normalised) when the file's current `stamp` is the one recorded
   * with it (the file is unchanged since it was hashed: stamp.ts), else undefined.
   */
  proven(path: string, stamp: FileStamp): CachedParse | undefined {
    const entry = this.#previous[path];
    if (entry?.stamp === undefined || entry.stamp !== stamp) return undefined;
    this.hits++;
    this.#set(path, entry);
    return entry;
  }

  /**
   * The cached parse of `path` (normalised) when its text's sha256 is `hash`, else undefined.
   * `stamp`: the file's settled stamp when it was read (null: none), kept with the entry for `save`.
   */
  cached(path: string, hash: string, stamp: FileStamp | null = null): CachedParse | undefined {
    const entry = this.#previous[path];
    if (entry === undefined || entry.hash !== hash) return undefined;
    this.hits++;
    const kept = (entry.stamp ?? null) === stamp ? entry : withStamp(entry, stamp);
    if (kept !== entry) this.#changed = true;
    this.#set(path, kept);
    return kept;
  }

  /**
   * Record the parse of `path` (normalised; text sha256 `hash`) for `save`. Pass the document the
   * corpus keeps (for a document kept on disk, its detached fields): the entry holds its fields
   * until the load ends, and fields cut out of the text would keep that text alive meanwhile.
   */
  record(path: string, hash: string, result: ParseResult, stamp: FileStamp | null = null): void {
    const { document, warnings, skipped } = result;
    const fields = document === null ? null : documentFields(document);
    const entry: CachedParse =
      skipped === undefined ? { hash, fields, warnings } : { hash, fields, warnings, skipped };
    this.#changed = true;
    this.#set(path, withStamp(entry, stamp));
  }

  /** Write the entries of this load when they differ from the file's (atomically); true when written. */
  save(): boolean {
    const stale = Object.keys(this.#previous).some((path) => this.#next[path] === undefined);
    if (!this.#changed && !stale) {
      this.abandon();
      return false;
    }
    const written = this.#finishStream() || writeCheckedFile(this.#file, this.#records(0));
    if (written) pruneCacheFiles(this.#dir, this.#prefix, EXTENSION, this.#file);
    return written;
  }

  /** Drop a file being written (the load failed): the file on disk stays as it was. */
  abandon(): void {
    this.#stream?.writer.abandon();
    this.#stream = null;
  }

  #set(path: string, entry: CachedParse): void {
    if (path in this.#next) {
      this.#reset = true;
      this.abandon();
    }
    // Started before this entry joins: the entries set so far are written first.
    const stream = this.#reset ? null : (this.#stream ?? (this.#changed ? this.#startStream() : null));
    this.#next[path] = entry;
    if (stream === null) return;
    stream.paths.push(path);
    stream.entries.push(entry);
    while (this.#stream !== null && stream.paths.length - stream.written >= this.#batchEntries) {
      const from = stream.written;
      stream.written += this.#batchEntries;
      const batch = serialize(batchOf(stream, from, stream.written));
      if (!writeAll(stream.writer, lengthPrefixed(batch))) this.abandon();
    }
  }

  /** Start writing the file as the load goes (when expected to be worth it), the entries set so far first. */
  #startStream(): Stream | null {
    const expected = this.#expected;
    this.#expected = 0; // one stream per load: a dropped one is not started again
    if (expected <= this.#batchEntries) return null;
    const writer = CheckedFileWriter.open(this.#file);
    if (writer === null) return null;
    const batches = Math.ceil(expected / this.#batchEntries);
    if (!writeAll(writer, this.#head(batches))) return null;
    const paths = Object.keys(this.#next);
    const entries = paths.map((path) => this.#next[path]!);
    this.#stream = { writer, batches, paths, entries, written: 0 };
    return this.#stream;
  }

  /**
   * Complete the streamed file when what it holds is what `#records` would write: the same
   * number of batches, the same paths and entries in the same order. False otherwise (dropped).
   */
  #finishStream(): boolean {
    const stream = this.#stream;
    this.#stream = null;
    if (stream === null || !stream.writer.open) return false;
    const paths = Object.keys(this.#next);
    const same =
      !this.#reset &&
      Math.ceil(paths.length / this.#batchEntries) === stream.batches &&
      paths.length === stream.paths.length &&
      paths.every((path, i) => path === stream.paths[i] && this.#next[path] === stream.entries[i]);
    if (!same) {
      stream.writer.abandon();
      return false;
    }
    const rest = stream.written < paths.length ? this.#records(stream.written, false) : [];
    return writeAll(stream.writer, rest) && stream.writer.commit();
  }

  /** MAGIC and the header. */
  *#head(batches: number): Generator<Uint8Array> {
    yield Buffer.from(MAGIC, "latin1");
    const header: Header = { format: FORMAT, key: this.#key, batches };
    yield* lengthPrefixed(serialize(header));
  }

  /**
   * The file's bytes from entry `from` (a batch boundary), a batch at a time: only one batch's
   * serialisation is held at once. `head`: MAGIC and the header first.
   */
  *#records(from: number, head = true): Generator<Uint8Array> {
    const paths = Object.keys(this.#next);
    const size = this.#batchEntries;
    const batches = Math.ceil(paths.length / size);
    if (head) yield* this.#head(batches);
    for (let b = from / size; b < batches; b++) {
      const batch: Batch = [];
      for (const path of paths.slice(b * size, (b + 1) * size)) batch.push([path, this.#next[path]!]);
      yield* lengthPrefixed(serialize(batch));
    }
  }

  #read(): Record<string, CachedParse> | null {
    const content = readCheckedFile(this.#file);
    if (content === null || content.toString("latin1", 0, MAGIC.length) !== MAGIC) return null;
    try {
      let offset = MAGIC.length;
      const record = (): unknown => {
        if (offset + 4 > content.length) throw new Error("truncated");
        const length = content.readUInt32LE(offset);
        const end = offset + 4 + length;
        if (end > content.length) throw new Error("truncated");
        const value: unknown = deserialize(content.subarray(offset + 4, end));
        offset = end;
        return value;
      };
      const header = record() as Header;
      if (header?.format !== FORMAT || header.key !== this.#key || !Number.isInteger(header.batches))
        return null;
      const entries: Record<string, CachedParse> = Object.create(null);
      for (let b = 0; b < header.batches; b++) {
        const batch = record();
        if (!Array.isArray(batch)) return null;
        for (const [path, entry] of batch as Batch) entries[path] = entry;
      }
      return offset === content.length ? entries : null;
    } catch {
      return null;
    }
  }
}

/**
 * The streamed entries `from..to` as a batch. Batches are built by `push` here and in `#records`:
 * v8.serialize writes an array with holes (what `map` may make, depending on the JIT) in another
 * form than a packed one, and the streamed bytes must be those a save at the end writes.
 */
function batchOf(stream: Stream, from: number, to: number): Batch {
  const batch: Batch = [];
  for (let i = from; i < to; i++) batch.push([stream.paths[i]!, stream.entries[i]!]);
  return batch;
}

/** Write every part; false when one fails (the writer is then abandoned). */
function writeAll(writer: CheckedFileWriter, parts: Iterable<Uint8Array>): boolean {
  for (const part of parts) if (!writer.write(part)) return false;
  return true;
}

/** `entry` with `stamp` (none when null). */
function withStamp(entry: CachedParse, stamp: FileStamp | null): CachedParse {
  const { stamp: _old, ...rest } = entry;
  return stamp === null ? rest : { ...rest, stamp };
}

/** A record of the file: its length (4 bytes, little-endian), then its bytes. */
function* lengthPrefixed(bytes: Uint8Array): Generator<Uint8Array> {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  yield length;
  yield bytes;
}

/**
 * A cached entry as a parse result, its document (when it has fields) made by `documentOf`: resident
 * with its text (`cachedResult`), kept on disk, or read on first use (load.ts). Skipped files keep
 * their reason.
 */
export function resultOfEntry(
  entry: CachedParse,
  documentOf: (fields: DocumentFields) => CorpusDocument,
): ParseResult {
  const warnings = [...entry.warnings];
  const document = entry.fields === null ? null : documentOf(entry.fields);
  return entry.skipped === undefined
    ? { document, warnings }
    : { document, warnings, skipped: entry.skipped };
}

/** A cached parse as the parse result of `text` (the file it was cached from, byte for byte). */
export function cachedResult(entry: CachedParse, text: string): ParseResult {
  return resultOfEntry(entry, (f) => ({
    path: f.path,
    uri: f.uri,
    title: f.title,
    frontmatter: f.frontmatter,
    blockquote: f.blockquote,
    summary: f.summary,
    // The body as readDocumentText derives it (the YAML is not parsed again); fields in buildDocument's order.
    body: splitFrontmatter(normalizeText(text)).body,
    raw: text,
    contentHash: f.contentHash,
    kind: f.kind,
    kindResolution: f.kindResolution,
    date: f.date,
  }));
}
