/**
 * The byte count of an answer is taken on first read (`meta.bytes`, cache
 * records) and the size limit is decided from the text's length where that
 * suffices: both must give exactly what counting the UTF-8 bytes gives, on
 * any text (astral characters, lone surrogates, multi-byte runs) and at any
 * limit, including the limits right at the text's size.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength, countUtf8Bytes } from "../../src/bytes.js";
import {
  type CacheRecord,
  type CacheStore,
  createMemoryStore,
  createOddkitClient,
} from "../../src/client/index.js";
import { fitsIn, withLazyBytes } from "../../src/client/lazy-bytes.js";
import { createReferenceServer } from "../../src/server/index.js";

const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }), // lone surrogates included
  fc.string({ unit: fc.constantFrom("a", "é", "€", "𐀀", "\ud800", "\udc00"), maxLength: 40 }),
);

describe("fitsIn", () => {
  it("says exactly whether the UTF-8 bytes fit, at any limit", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -3, max: 3 }), fc.nat(200), (t, near, far) => {
        const bytes = countUtf8Bytes(t);
        for (const max of [bytes + near, far, t.length, t.length * 3, t.length * 3 - 1, 0]) {
          expect(fitsIn(t, max), `${JSON.stringify(t)} ≤ ${max}`).toBe(bytes <= max);
        }
        expect(fitsIn(t, Number.POSITIVE_INFINITY)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});

describe("withLazyBytes", () => {
  it("reads as the byte count, once, and travels as a plain number", () => {
    fc.assert(
      fc.property(text, (t) => {
        const meta = withLazyBytes({ cached: false }, t);
        expect(meta.bytes).toBe(byteLength(t));
        expect(meta.bytes).toBe(meta.bytes);
        expect(Object.keys(meta)).toEqual(["bytes", "cached"]); // first, where the value used to be
        expect(JSON.parse(JSON.stringify(meta))).toEqual({ cached: false, bytes: byteLength(t) });
        expect({ ...meta }.bytes).toBe(byteLength(t));
        expect(structuredClone(meta).bytes).toBe(byteLength(t));
      }),
    );
  });

  it("keeps its text out of sight: copies carry the number only, each object its own count", () => {
    const a = withLazyBytes({ cached: false }, "héllo");
    const b = withLazyBytes({ cached: true }, "𐀀");
    expect(Reflect.ownKeys({ ...a })).toEqual(["bytes", "cached"]);
    expect(Reflect.ownKeys(structuredClone(a))).toEqual(["bytes", "cached"]);
    expect([a.bytes, b.bytes, a.bytes]).toEqual([6, 4, 6]);
    // The one shared getter, called on an object it did not make: a typed error, not a wrong number.
    const getter = Object.getOwnPropertyDescriptor(a, "bytes")?.get;
    expect(() => getter?.call({})).toThrow(TypeError);
  });

  it("cannot be overwritten or deleted", () => {
    const meta = withLazyBytes({}, "héllo") as { bytes: number };
    expect(() => {
      meta.bytes = 1;
    }).toThrow(TypeError);
    expect(() => delete (meta as { bytes?: number }).bytes).toThrow(TypeError);
    expect(meta.bytes).toBe(6);
  });
});

describe("the client's meta.bytes", () => {
  it("is the UTF-8 size of the tool result text, fresh and from the cache", async () => {
    const server = await createReferenceServer();
    // A store that keeps what it is given: the record's text is the answer's text as received.
    const inner = createMemoryStore();
    const stored: CacheRecord[] = [];
    const store: CacheStore = {
      get: (key) => inner.get(key),
      delete: (key) => inner.delete(key),
      set: (key, record, retentionMs) => {
        stored.push(record);
        return inner.set(key, record, retentionMs);
      },
    };
    const client = createOddkitClient({ server, cache: { store } });
    try {
      const args = { limit: 20, disclosure: ["summary"] } as const;
      const fresh = await client.catalog(args);
      expect(fresh.meta.cached).toBe(false);
      expect(stored).toHaveLength(1);
      const text = stored[0]!.text;
      expect(byteLength(text)).toBeGreaterThan(text.length); // the sample corpus's summaries hold multi-byte characters
      expect(fresh.meta.bytes).toBe(byteLength(text));
      expect(stored[0]!.bytes).toBe(byteLength(text));
      const again = await client.catalog(args);
      expect(again.meta.cached).toBe(true);
      expect(again.meta.bytes).toBe(byteLength(text));
      expect(JSON.parse(JSON.stringify(again.meta)).bytes).toBe(byteLength(text));
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("refuses an answer over maxResponseBytes with its exact size", async () => {
    const server = await createReferenceServer();
    const client = createOddkitClient({ server, maxResponseBytes: 1000 });
    try {
      const error = await client.catalog({ limit: 50 }).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/the response is \d+ bytes, over maxResponseBytes 1000/);
      const size = Number(/the response is (\d+) bytes/.exec((error as Error).message)?.[1]);
      const text = (error as { response?: { text?: string } }).response?.text ?? "";
      expect(size).toBe(byteLength(text));
    } finally {
      await client.close();
      await server.close();
    }
  });
});
