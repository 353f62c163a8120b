/**
 * A dictionary of raw tokens that looks a token up as a range of the text it
 * occurs in: no string is made for a token already known, only for a new
 * one. Tokenizing a corpus meets each distinct token many times, so slicing
 * a string per occurrence (and hashing it again for a Map) was most of the
 * cost of indexing and much of its garbage.
 *
 * Open addressing over a power-of-two table of ids; each token's code units
 * are kept, packed end to end, to compare a candidate against (a hash match
 * alone proves nothing). Ids are given in order of first `intern`: 0, 1, 2…
 */
import { doubled, resized } from "../../typed-arrays.js";

export class RawTokens {
  /** Slot → token id + 1 (0: empty). At most half full. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 11);
  /** Token id's code units are `#units[#starts[id]..#starts[id + 1])`. */
  #starts = new Uint32Array((1 << 11) + 1);
  #units = new Uint16Array(1 << 15);
  #size = 0;

  /** Tokens known. */
  get size(): number {
    return this.#size;
  }

  /**
   * The id of the token `text[start..end)` (code units) whose `tokenHash` is `hash`; a token not
   * yet known is added and gets the next id (`size` before the call).
   */
  intern(text: Uint16Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const entry = slots[slot]!;
      if (entry === 0) break;
      const id = entry - 1;
      if (this.#hashes[id] === hash) {
        const from = this.#starts[id]!;
        if (this.#starts[id + 1]! - from === length && this.#same(text, start, from, length)) return id;
      }
      slot = (slot + 1) & mask;
    }
    return this.#add(text, start, end, hash, slot);
  }

  #same(text: Uint16Array, start: number, from: number, length: number): boolean {
    const units = this.#units;
    for (let i = 0; i < length; i++) if (units[from + i] !== text[start + i]) return false;
    return true;
  }

  #add(text: Uint16Array, start: number, end: number, hash: number, slot: number): number {
    const id = this.#size++;
    if (id + 1 >= this.#hashes.length) {
      this.#hashes = doubled(this.#hashes);
      this.#starts = resized(this.#starts, this.#hashes.length + 1);
    }
    const from = this.#starts[id]!;
    const to = from + (end - start);
    if (to > this.#units.length) {
      let length = this.#units.length * 2;
      while (length < to) length *= 2;
      this.#units = resized(this.#units, length);
    }
    this.#units.set(text.subarray(start, end), from);
    this.#starts[id + 1] = to;
    this.#hashes[id] = hash;
    this.#slots[slot] = id + 1;
    if (this.#size * 2 > this.#slots.length) this.#rehash();
    return id;
  }

  /** A table twice as large, every id placed again by its hash. */
  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.#size; id++) {
      let slot = this.#hashes[id]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
  }
}
