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
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { KindMap } from "../contract/index.js";
import { normalizeText } from "./document.js";
import { splitFrontmatter } from "./frontmatter.js";
import { type ParseResult, parseDocument } from "./parse.js";
import { packageVersion } from "./sample.js";
import type { CorpusDocument, LoadWarning } from "./types.js";

/** Bump when the file layout changes. */
const FORMAT = 1;
const MAGIC = "ODDKITDC";
const EXTENSION = ".docs";
/** A temporary file this old belongs to a writer that was killed. */
const STRAY_TEMP_MS = 10 * 60_000;
const HASH_BYTES = 32;

/** A document's fields that do not carry its text (`raw` and `body` come from the file read). */
export type DocumentFields = Omit<CorpusDocument, "raw" | "body">;

/** One file's parse, as cached: its fields (null when skipped), warnings and skip reason. */
interface Entry {
  readonly hash: string;
  readonly fields: DocumentFields | null;
  readonly warnings: readonly LoadWarning[];
  readonly skipped?: string;
}

interface Payload {
  readonly format: number;
  readonly key: string;
  readonly entries: Record<string, Entry>;
}

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
  const { raw: _raw, body: _body, ...fields } = parsed.document ?? ({} as CorpusDocument);
  rulesFingerprint = sha256(
    JSON.stringify({ FORMAT, version: packageVersion(), fields, warnings: parsed.warnings }),
  );
  return rulesFingerprint;
}

/** The cache of one corpus folder (by its real path) under one kind map. */
export class ParseCache {
  readonly #file: string;
  readonly #prefix: string;
  readonly #dir: string;
  readonly #key: string;
  readonly #previous: Record<string, Entry>;
  readonly #next: Record<string, Entry> = Object.create(null);
  /** Entries reused from the file (the rest were parsed). */
  hits = 0;
  #changed = false;

  private constructor(dir: string, root: string, kindMap: KindMap) {
    this.#dir = dir;
    this.#prefix = `${sha256(root).slice(0, 16)}-`;
    this.#key = sha256(`${root}\n${JSON.stringify(kindMap)}\n${parserFingerprint()}`);
    this.#file = join(dir, `${this.#prefix}${this.#key.slice(0, 32)}${EXTENSION}`);
    this.#previous = this.#read() ?? Object.create(null);
  }

  /** The cache in `dir` for the folder `root` (its real path) loaded with `kindMap`; empty when absent or unreadable. */
  static open(dir: string, root: string, kindMap: KindMap): ParseCache {
    return new ParseCache(dir, root, kindMap);
  }

  /**
   * The parse of `path` (normalised) whose text is `text` with sha256 `hash`: from the cache
   * when it holds this path with this hash, else parsed now (and recorded for `save`).
   */
  parse(path: string, text: string, hash: string, kindMap: KindMap): ParseResult {
    const entry = this.#previous[path];
    if (entry !== undefined && entry.hash === hash) {
      this.hits++;
      this.#next[path] = entry;
      return resultOf(entry, text);
    }
    const result = parseDocument(path, text, kindMap, hash);
    const { document, warnings, skipped } = result;
    let fields: DocumentFields | null = null;
    if (document !== null) {
      const { raw: _raw, body: _body, ...rest } = document;
      fields = rest;
    }
    this.#next[path] =
      skipped === undefined ? { hash, fields, warnings } : { hash, fields, warnings, skipped };
    this.#changed = true;
    return result;
  }

  /** Write the entries of this load when they differ from the file's (atomically); true when written. */
  save(): boolean {
    const stale = Object.keys(this.#previous).some((path) => this.#next[path] === undefined);
    if (!this.#changed && !stale) return false;
    const payload: Payload = { format: FORMAT, key: this.#key, entries: this.#next };
    const body = Buffer.concat([Buffer.from(MAGIC, "latin1"), serialize(payload)]);
    const temp = `${this.#file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      mkdirSync(this.#dir, { recursive: true });
      writeFileSync(temp, Buffer.concat([body, createHash("sha256").update(body).digest()]));
      renameSync(temp, this.#file);
    } catch {
      try {
        rmSync(temp, { force: true });
      } catch {
        // The folder itself is unusable (e.g. a file stands where it should be): nothing was written.
      }
      return false;
    }
    this.#prune();
    return true;
  }

  #read(): Record<string, Entry> | null {
    try {
      const buffer = readFileSync(this.#file);
      if (buffer.length < MAGIC.length + HASH_BYTES || buffer.toString("latin1", 0, MAGIC.length) !== MAGIC) {
        return null;
      }
      const body = buffer.subarray(0, buffer.length - HASH_BYTES);
      if (sha256(body) !== buffer.toString("hex", buffer.length - HASH_BYTES)) return null;
      const payload = deserialize(body.subarray(MAGIC.length)) as Payload;
      if (payload?.format !== FORMAT || payload.key !== this.#key || typeof payload.entries !== "object") {
        return null;
      }
      return payload.entries;
    } catch {
      return null;
    }
  }

  /** Older files of this corpus folder (other kind maps or rules) go; so do abandoned temporary files. */
  #prune(): void {
    try {
      for (const name of readdirSync(this.#dir)) {
        const path = join(this.#dir, name);
        if (!name.startsWith(this.#prefix) || path === this.#file) continue;
        if (name.endsWith(EXTENSION)) rmSync(path, { force: true });
        else if (name.endsWith(".tmp") && Date.now() - statSync(path).mtimeMs > STRAY_TEMP_MS)
          rmSync(path, { force: true });
      }
    } catch {
      // Pruning is housekeeping only.
    }
  }
}

/** A cached entry as the parse result of `text` (the file it was cached from, byte for byte). */
function resultOf(entry: Entry, text: string): ParseResult {
  const warnings = [...entry.warnings];
  if (entry.fields === null) {
    return entry.skipped === undefined
      ? { document: null, warnings }
      : { document: null, warnings, skipped: entry.skipped };
  }
  const f = entry.fields;
  // The body as readDocumentText derives it (the YAML is not parsed again); fields in buildDocument's order.
  const body = splitFrontmatter(normalizeText(text)).body;
  const document: CorpusDocument = {
    path: f.path,
    uri: f.uri,
    title: f.title,
    frontmatter: f.frontmatter,
    blockquote: f.blockquote,
    summary: f.summary,
    body,
    raw: text,
    contentHash: f.contentHash,
    kind: f.kind,
    kindResolution: f.kindResolution,
    date: f.date,
  };
  return { document, warnings };
}
