/**
 * The one-pass shortcuts of checkCompliance give exactly the violations of
 * the full walk: a request passed already resolved (`resolved`) and a result
 * the caller already held against `resultSchema` (`resultSchemaPassed`, set
 * here only when that schema really passes) change nothing in what is
 * reported. Pages come from the reference server and are then broken at
 * random (fields dropped, added, retyped; entries replaced; metadata kinds
 * changed), so the checks are judged on answers they were not written for.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Action,
  checkCompliance,
  KINDS,
  resultSchema,
  validateRequest,
} from "../../src/contract/index.js";
import { servedPages } from "./served-pages.js";

type Json = Record<string, unknown>;

const REQUESTS: { action: Action; params: Json }[] = [
  { action: "catalog", params: { limit: 40, include: [...KINDS] } },
  { action: "catalog", params: { limit: 20, disclosure: ["metadata"] } },
  { action: "catalog", params: { limit: 15, disclosure: ["summary", "blockquote"], offset: 3 } },
  { action: "search", params: { input: "cache", limit: 10, disclosure: ["metadata"] } },
  { action: "search", params: { input: "the", limit: 10 } },
];

const pages = servedPages(REQUESTS);

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer({ min: -3, max: 600 }),
  fc.double(),
  fc.boolean(),
  fc.dictionary(
    fc.constantFrom("kind", "tags", "audience", "x"),
    fc.oneof(fc.string(), fc.constantFrom(...KINDS)),
    { noNullPrototype: true }, // what JSON.parse makes
  ),
  fc.array(fc.string(), { maxLength: 2 }),
);
const FIELDS = [
  "uri",
  "title",
  "position",
  "score",
  "snippet",
  "metadata",
  "summary",
  "blockquote",
  "body",
  "content",
  "extra",
];

/** One mutation of an entry (or of the entry list, by replacing an entry). */
const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom("drop", "set", "replace", "kind"),
  field: fc.constantFrom(...FIELDS),
  value: junk,
  kind: fc.constantFrom(...KINDS, "nonsense"),
});

interface Mutation {
  at: number;
  op: string;
  field: string;
  value: unknown;
  kind: string;
}

function mutate(envelope: Json, ms: readonly Mutation[]): Json {
  const result = envelope.result as Json;
  const data = result.data as unknown[];
  for (const m of ms) {
    if (data.length === 0) break;
    const i = m.at % data.length;
    const entry = data[i];
    if (m.op === "replace") data[i] = m.value;
    else if (typeof entry !== "object" || entry === null) continue;
    else if (m.op === "drop") delete (entry as Json)[m.field];
    else if (m.op === "set") (entry as Json)[m.field] = m.value;
    else (entry as Json).metadata = { ...((entry as Json).metadata as Json), kind: m.kind };
  }
  return envelope;
}

describe("checkCompliance shortcuts", () => {
  it("report exactly what the full walk reports (generated broken pages)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(mutation, { maxLength: 4 }), (p, ms) => {
        const page = pages[p % pages.length]!;
        const envelope = mutate(JSON.parse(page.text) as Json, ms);
        const validation = validateRequest(page.action, page.params);
        if (!validation.ok) throw new Error(validation.error.error_message);
        const request = validation.request;
        const full = checkCompliance({ action: page.action, params: page.params }, envelope);
        const passed = resultSchema(page.action, request.disclosure, {
          legacyEnvelope: request.legacyEnvelope,
        }).safeParse(envelope.result).success;
        const short = checkCompliance(
          { action: page.action, params: page.params, resolved: request },
          envelope,
          { resultSchemaPassed: passed },
        );
        expect(short).toEqual(full);
        // Check 1 skips its object walk only for conforming pages: every entry that is not an
        // object is still reported, by both paths.
        const data = (envelope.result as Json).data as unknown[];
        data.forEach((entry, i) => {
          if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) return;
          expect(full).toContainEqual({ check: 1, reason: `entry ${i} is not an object`, evidence: entry });
        });
        // A broken page is still caught: a schema failure always comes with a violation.
        if (!passed) expect(full.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });
});
