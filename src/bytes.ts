/**
 * Byte accounting of tool results, without Node's Buffer (runs on edge
 * runtimes too). Apart from the tokenizer (src/tokens.ts, an opt-in entry),
 * so the client never reaches the tokenizer's tables.
 */
const utf8 = new TextEncoder();

/** UTF-8 byte length of a text. */
export function byteLength(text: string): number {
  return utf8.encode(text).length;
}
