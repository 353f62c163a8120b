/**
 * How text becomes index terms, and how each field of a document is read.
 * These are the rules the ranking was first defined with (minisearch's
 * default tokenizer, lower-casing, a stop-word list): scores and orders stay
 * exactly what they were when the index moved to compact postings.
 */
import type { CorpusDocument } from "../../corpus/types.js";

/** One Unicode space, line end or punctuation character: a run of them splits terms (minisearch's default tokenizer). */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;

/**
 * Words too common to say why a document matched: without them, a query like
 * "cache the catalog" would match every document containing "the".
 */
const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have in into is it its of on or that the their then there these this to was were will with".split(
    " ",
  ),
);

/** The fields ranked, in scoring order, with their weights: a title or heading match says more than one deep in the body. */
export const FIELDS = ["title", "headings", "body", "tags"] as const;
export const FIELD_BOOSTS: readonly number[] = [3, 2, 1, 2];

/** What a code unit is to the tokenizer (UNIT_KINDS). */
const TOKEN_UNIT = 0;
const SEPARATOR_UNIT = 1;
/** A surrogate: a separator only when it pairs into an astral separator (decided per pair as they come). */
const SURROGATE_UNIT = 2;

/**
 * SEPARATOR decided once per BMP code unit: the tokenizer reads a table
 * instead of running a Unicode-property regex over every document (the
 * largest cost of indexing).
 */
const UNIT_KINDS = (() => {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) table[c] = SURROGATE_UNIT;
    else if (SEPARATOR.test(String.fromCharCode(c))) table[c] = SEPARATOR_UNIT;
  }
  return table;
})();

/** Width (0 or 2 code units) of an astral separator at `i`: a high surrogate, a low one, and the pair is \p{Z}/\p{P}. */
function astralSeparatorAt(units: Uint16Array, i: number, end: number): number {
  const high = units[i]!;
  if (high > 0xdbff || i + 1 >= end) return 0;
  const low = units[i + 1]!;
  if (low < 0xdc00 || low > 0xdfff) return 0;
  return SEPARATOR.test(String.fromCharCode(high, low)) ? 2 : 0;
}

/**
 * The hash of a raw token, one code unit at a time (FNV-1a over UTF-16 code
 * units): `TokenScanner` hands it out with each token so a dictionary can
 * find the token without slicing it out of the text. `tokenHash` is the same
 * hash of a whole string.
 */
export const TOKEN_HASH_SEED = 0x811c9dc5 | 0;
const TOKEN_HASH_PRIME = 0x01000193;

export function tokenHash(text: string): number {
  let h = TOKEN_HASH_SEED;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), TOKEN_HASH_PRIME);
  return h;
}

/**
 * Receives each raw token of a text as a range of its code units, with the token's `tokenHash`
 * (`units` is valid only during the call: the scanner reuses it for the next text).
 */
export interface TokenSink {
  token(text: string, units: Uint16Array, start: number, end: number, hash: number): void;
}

/** Texts longer than this are copied into an array of their own, not into the kept one. */
const KEPT_UNITS = 1 << 20;

/** Copies a string's code units into an array; Node's Buffer does it natively (little-endian hosts). */
const NATIVE_COPY = typeof Buffer === "function" && new Uint16Array(Uint8Array.of(1, 0).buffer)[0] === 1;
const copyUnits: (text: string, units: Uint16Array) => void = NATIVE_COPY
  ? (text, units) => {
      Buffer.from(units.buffer, units.byteOffset, units.byteLength).write(text, 0, "utf16le");
    }
  : (text, units) => {
      for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
    };

/** `units`' bytes as a Buffer when copyUnits writes through one (Node, little-endian), else null. */
function bytesOf(units: Uint16Array): Buffer | null {
  return NATIVE_COPY ? Buffer.from(units.buffer, units.byteOffset, units.byteLength) : null;
}

/**
 * Walks texts into raw tokens without making a string of any: each text's
 * code units are copied once into a typed array (reading a typed array is
 * several times cheaper than `charCodeAt` on the sliced, two-byte strings a
 * corpus is made of), then walked by table, each token's hash taken on the
 * way. Tokens are exactly `tokenize`'s, in order.
 */
export class TokenScanner {
  #units = new Uint16Array(1 << 12);
  /** The kept array's bytes as Node's Buffer, made once (not per text), when copyUnits uses one. */
  #bytes = bytesOf(this.#units);

  /** Calls `sink.token` with each raw token of `text`, empty leading and trailing ones included. */
  scan(text: string, sink: TokenSink): void {
    const end = text.length;
    let units = this.#units;
    if (end > units.length) {
      units = new Uint16Array(Math.max(end, units.length * 2));
      if (units.length <= KEPT_UNITS) {
        this.#units = units;
        this.#bytes = bytesOf(units);
      }
    }
    if (units === this.#units && this.#bytes !== null) this.#bytes.write(text, 0, "utf16le");
    else copyUnits(text, units);
    let start = 0;
    let hash = TOKEN_HASH_SEED;
    let i = 0;
    while (i < end) {
      const c = units[i]!;
      const kind = UNIT_KINDS[c]!;
      // Most code units are BMP non-surrogates that separate nothing: one table read each.
      if (kind === TOKEN_UNIT || (kind === SURROGATE_UNIT && astralSeparatorAt(units, i, end) === 0)) {
        hash = Math.imul(hash ^ c, TOKEN_HASH_PRIME);
        i++;
        continue;
      }
      sink.token(text, units, start, i, hash);
      // A run of separators (one- and two-unit) splits once.
      for (;;) {
        const k = UNIT_KINDS[units[i]!]!;
        if (k === SEPARATOR_UNIT) i++;
        else if (k === SURROGATE_UNIT && astralSeparatorAt(units, i, end) === 2) i += 2;
        else break;
        if (i >= end) break;
      }
      start = i;
      hash = TOKEN_HASH_SEED;
    }
    sink.token(text, units, start, end, hash);
  }
}

/** Collects the tokens as strings (`tokenize`). */
class TokenList implements TokenSink {
  readonly tokens: string[] = [];
  token(text: string, _units: Uint16Array, start: number, end: number): void {
    this.tokens.push(text.slice(start, end));
  }
}

const scanner = new TokenScanner();

/**
 * Raw tokens of a field's text: exactly `text.split(/[\n\r\p{Z}\p{P}]+/u)`,
 * empty leading and trailing tokens included (the field-length rule counts them).
 */
export function tokenize(text: string): string[] {
  const list = new TokenList();
  scanner.scan(text, list);
  return list.tokens;
}

/** A raw token → its index term, or null for a stop word or an empty token. */
export function processTerm(token: string): string | null {
  const lower = token.toLowerCase();
  return lower === "" || STOP_WORDS.has(lower) ? null : lower;
}

/** The index terms of a query, in query order (duplicates kept: each counts in the score). */
export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(query)) {
    const term = processTerm(token);
    if (term !== null) out.push(term);
  }
  return out;
}

/** Is `c` a code unit of JavaScript's `\s` (a BMP code unit)? */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The headings field: the lines of the body matching `/^#{1,6}\s/`, each without its leading
 * `#`s and the `\s` run after them, joined by line ends — what splitting the body into lines,
 * filtering and replacing gives, found line by line without a string per line
 * (test/server/search/term-chunker.test.ts holds the two equal).
 */
export function headingsOf(body: string): string {
  let out = "";
  let found = false;
  let from = 0;
  for (;;) {
    const newline = body.indexOf("\n", from);
    const end = newline === -1 ? body.length : newline;
    if (body.charCodeAt(from) === 0x23) {
      let i = from + 1;
      while (i < end && body.charCodeAt(i) === 0x23) i++;
      // More than six `#`: the unit after the first six is a `#`, not a space.
      if (i - from <= 6 && i < end && isSpace(body.charCodeAt(i))) {
        while (i < end && isSpace(body.charCodeAt(i))) i++;
        out = found ? `${out}\n${body.slice(i, end)}` : body.slice(i, end);
        found = true;
      }
    }
    if (newline === -1) return out;
    from = newline + 1;
  }
}

function tagsOf(doc: CorpusDocument): string {
  const tags = doc.frontmatter.tags;
  if (Array.isArray(tags)) return tags.map((t) => String(t)).join(" ");
  return typeof tags === "string" ? tags : "";
}

/** The text of each field of a document, in FIELDS order. */
export function fieldTexts(doc: CorpusDocument): [string, string, string, string] {
  const body = doc.body;
  return [doc.title, headingsOf(body), body, tagsOf(doc)];
}
