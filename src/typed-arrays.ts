/**
 * Growing typed arrays: the tokenizer's dictionaries (server/search), the
 * postings chunks and the markdown line offsets (corpus) all keep typed
 * columns that grow as they fill. One helper for all of them.
 */

/** A typed array of any of these element types. */
type Column = Uint8Array | Uint16Array | Int32Array | Uint32Array;

/** `array`'s contents at the start of a new array of the same type, `length` elements long (≥ array.length). */
export function resized<T extends Column>(array: T, length: number): T {
  const out = new (array.constructor as new (length: number) => T)(length);
  out.set(array);
  return out;
}

/** `array`'s contents in a new array of the same type, twice as long. */
export function doubled<T extends Column>(array: T): T {
  return resized(array, array.length * 2);
}
