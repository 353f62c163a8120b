/** Response byte counts without encoding agree with an encoder on every kind of text. */
import { describe, expect, it } from "vitest";
import { byteLength, countUtf8Bytes } from "../../src/bytes.js";
import { seededRandom } from "../support/prng.js";

const PIECES = [
  "a",
  '{"k":1}',
  "\u007f",
  "\u0080",
  "é",
  "\u07ff",
  "\u0800",
  "—",
  "日本",
  "\uffff",
  "😀",
  "\ud800",
  "\udc00",
  "\udbff\udfff",
  "\ud83d",
  "\n",
];

describe("byteLength", () => {
  it("counts exactly what TextEncoder writes, lone surrogates included, natively and by the code-unit pass", () => {
    const next = seededRandom(5);
    const encoder = new TextEncoder();
    for (let k = 0; k < 5_000; k++) {
      let text = "";
      for (let i = Math.floor(next() * 20); i > 0; i--) text += PIECES[Math.floor(next() * PIECES.length)];
      const expected = encoder.encode(text).length;
      expect(countUtf8Bytes(text), JSON.stringify(text)).toBe(expected);
      expect(byteLength(text), JSON.stringify(text)).toBe(expected);
    }
  });
});
