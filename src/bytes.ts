/**
 * Byte accounting of tool results. Apart from the tokenizer (src/tokens.ts,
 * the opt-in `oddkit-sdk/tokens` entry), so the client never reaches the
 * tokenizer's tables.
 */
/** Node's native count when present; looked up, never imported (the client entry runs on edge runtimes). */
const nativeByteLength = (globalThis as { Buffer?: { byteLength(text: string, encoding: "utf8"): number } })
  .Buffer?.byteLength;

/**
 * UTF-8 byte length of a text, counted without encoding it (the client
 * measures every response: encoding a copy cost more than parsing it).
 * Lone surrogates count 3 bytes, as the U+FFFD an encoder writes for them.
 *
 * @example
 * ```ts
 * import { byteLength } from "oddkit-sdk";
 *
 * byteLength("héllo"); // 6
 * ```
 */
export function byteLength(text: string): number {
  return nativeByteLength ? nativeByteLength(text, "utf8") : countUtf8Bytes(text);
}

/** The count byteLength makes where there is no Buffer: one pass over the UTF-16 code units. */
export function countUtf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
