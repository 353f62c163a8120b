/**
 * checkCompliance is a public API: whatever a response holds, it answers with
 * violations and never throws. JSON.parse never builds a prototype-less
 * object, a Map or a boxed value, but an in-process answer (a shim, a
 * strategy, a test double) can, and `String(value)` throws a TypeError on an
 * object without `toString`/`valueOf` (found in the session-4 review). Values
 * of every kind fast-check makes are put where the checks read and print them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Action, checkCompliance, KINDS } from "../../src/contract/index.js";
import { servedPages } from "./served-pages.js";

type Json = Record<string, unknown>;

const REQUESTS: { action: Action; params: Json }[] = [
  { action: "catalog", params: { limit: 20, include: [...KINDS] } },
  { action: "catalog", params: { limit: 10, disclosure: ["metadata"], offset: 2 } },
  { action: "search", params: { input: "cache", limit: 10, disclosure: ["metadata"] } },
  { action: "get", params: { input: "klappy://writings/on-caching" } },
];

const pages = servedPages(REQUESTS);

/** Objects that cannot be turned into a string: no prototype, or a throwing toString. */
const unprintable = fc.oneof(
  fc.constant(Object.create(null) as object),
  fc.string().map((s) => Object.assign(Object.create(null) as Json, { s })),
  fc.constant({
    toString() {
      throw new Error("no");
    },
  }),
  fc.constant(Symbol("x")),
);

const hostile = fc.oneof(
  unprintable,
  fc.anything({
    withNullPrototype: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withBigInt: true,
    withDate: true,
    withSparseArray: true,
    withTypedArray: true,
    maxDepth: 2,
  }),
);

const ENTRY_FIELDS = ["uri", "title", "position", "score", "snippet", "metadata", "content_hash", "body"];
const RESULT_FIELDS = [
  "status",
  "total",
  "limit",
  "offset",
  "disclosure_applied",
  "filters_applied",
  "data",
  "error_code",
];

describe("checkCompliance on hostile values", () => {
  it("reports an entry whose uri is a prototype-less object instead of throwing", () => {
    const page = pages[0]!;
    const envelope = JSON.parse(page.text) as { result: { data: Json[] } };
    envelope.result.data[3]!.uri = Object.create(null);
    let violations: ReturnType<typeof checkCompliance> = [];
    expect(() => {
      violations = checkCompliance({ action: page.action, params: page.params }, envelope);
    }).not.toThrow();
    expect(violations.some((v) => v.check === 1 && v.reason.includes("entry 3"))).toBe(true);
  });

  it("never throws, and flags every planted value that breaks the schema (generated)", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.array(
          fc.record({
            at: fc.nat(),
            inResult: fc.boolean(),
            entryField: fc.constantFrom(...ENTRY_FIELDS),
            resultField: fc.constantFrom(...RESULT_FIELDS),
            value: hostile,
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (p, ms) => {
          const page = pages[p % pages.length]!;
          const envelope = JSON.parse(page.text) as { result: Json };
          const result = envelope.result;
          for (const m of ms) {
            const data = result.data;
            if (m.inResult || !(Array.isArray(data) || (typeof data === "object" && data !== null))) {
              result[m.resultField] = m.value;
            } else if (Array.isArray(data)) {
              if (data.length === 0) continue;
              const entry = data[m.at % data.length] as unknown;
              if (typeof entry === "object" && entry !== null) (entry as Json)[m.entryField] = m.value;
            } else {
              (data as Json)[m.entryField] = m.value;
            }
          }
          const violations = checkCompliance({ action: page.action, params: page.params }, envelope);
          expect(Array.isArray(violations)).toBe(true);
          // Every violation's reason is a string built without throwing.
          for (const v of violations) expect(typeof v.reason).toBe("string");
        },
      ),
      { numRuns: 300 },
    );
  });
});
