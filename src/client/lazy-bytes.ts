/**
 * `bytes` counted on first read. The client measures every answer's UTF-8
 * size for `meta.bytes` and its cache records, and counting a 90 KB page
 * (even with Node's native count) cost about a quarter of parsing it: on the
 * validation path that is paid by every call whether or not anyone reads the
 * figure. The size limit does not need the count either (see `sizeVerdict`).
 */
import { byteLength } from "../bytes.js";

/** Where an object made by `withLazyBytes` keeps its text and, once read, its count (not enumerable). */
const LAZY = Symbol("oddkit-sdk.lazyBytes");

interface LazyState {
  readonly text: string;
  /** The count, once read. */
  bytes: number | undefined;
}

/**
 * One getter and one descriptor for every object: a getter closure per object gave each object
 * its own hidden class (V8 keys a map's transition on the accessor itself), so every call took
 * the slow property path and grew the empty object's transition tree: 10–12 µs a call in a loop
 * (a 25-entry page parses in ~15 µs); 1.1–1.3 µs this way. The state rides on the object under
 * a non-enumerable symbol, which spreads, `JSON.stringify` and structured clones leave behind.
 */
function lazyBytes(this: { readonly [LAZY]?: LazyState }): number {
  const state = this[LAZY];
  if (state === undefined) throw new TypeError("bytes: read it from the object withLazyBytes made");
  if (state.bytes === undefined) state.bytes = byteLength(state.text);
  return state.bytes;
}
const BYTES: PropertyDescriptor = { enumerable: true, configurable: false, get: lazyBytes };

/**
 * A new object: an enumerable, read-only `bytes` property (the UTF-8 length
 * of `text`, counted on its first read and kept), then `fields`' own
 * properties. Enumerable so that spreads, `JSON.stringify` and structured
 * clones carry it as a plain number; first, so that printed objects (the
 * CLI's `--json`) keep the key order they had when `bytes` was a value.
 */
export function withLazyBytes<T extends object>(fields: T, text: string): T & { readonly bytes: number } {
  const out = Object.defineProperty({}, "bytes", BYTES);
  Object.defineProperty(out, LAZY, { value: { text, bytes: undefined } satisfies LazyState });
  return Object.assign(out, fields) as T & { readonly bytes: number };
}

/**
 * Whether `text` fits in `maxBytes` UTF-8 bytes, decided from its UTF-16
 * length where that is enough: every code unit encodes to 1–3 bytes (a
 * surrogate pair, two units, to 4), so `length ≤ bytes ≤ 3 × length`. Only a
 * text between the two bounds is counted.
 */
export function fitsIn(text: string, maxBytes: number): boolean {
  if (text.length * 3 <= maxBytes) return true;
  if (text.length > maxBytes) return false;
  return byteLength(text) <= maxBytes;
}
