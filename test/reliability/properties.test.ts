/**
 * Property-based runs (fast-check), issue 14 deliverable 3:
 * - 10,000 generated requests through `validateRequest`: it never throws,
 *   every refusal is a well-formed contract error envelope, every acceptance
 *   respects the permitted flags, the caps and the request bounds;
 * - 10,000 generated answers (compliant ones and corrupted ones) through the
 *   client's fail-closed path (`validateToolResult`): no untyped exception,
 *   every compliant answer accepted, no corrupted answer accepted.
 * Seeds are fixed per CI run by fast-check's defaults (a failure prints its
 * seed and shrunk counterexample; rerun with `seed` to reproduce).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OddkitError } from "../../src/client/errors.js";
import { validateToolResult } from "../../src/client/validate.js";
import {
  ACTION_SPECS,
  ACTIONS,
  type Action,
  ErrorEnvelopeSchema,
  FLAGS,
  queryTermCount,
  REQUEST_BOUNDS,
  validateRequest,
} from "../../src/contract/index.js";
import { compliantAnswer, type FakeDoc, textResult } from "../client/fake-server.js";

const RUNS = 10_000;

// ---------------------------------------------------------------- requests

const PARAM_NAMES = [
  "input",
  "disclosure",
  "limit",
  "offset",
  "sort_by",
  "audience",
  "exposure",
  "tier",
  "public",
  "start_here",
  "path_prefix",
  "include",
  "exclude",
  "tags",
  "include_legacy_envelope",
  "knowledge_base_url",
  "action",
  "bogus",
] as const;

/** Values that look like what callers send, plus the odd ones: wrong types, huge, nested, empty. */
const wireValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...FLAGS, "canon", "docs", "essays", "public", "internal", "date", "path", ""),
  fc.array(fc.constantFrom(...FLAGS, "canon", "journals", "bogus", 3), { maxLength: 5 }),
  fc.integer({ min: -5, max: 1_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: REQUEST_BOUNDS.maxInputChars - 5, maxLength: REQUEST_BOUNDS.maxInputChars + 5 }),
  fc.array(fc.constantFrom("a", "b", "c1", "-"), { minLength: 60, maxLength: 70 }).map((w) => w.join(" ")),
  fc.integer({ min: 1, max: 40 }).map((depth) => {
    let v: unknown = "x";
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  }),
  fc.anything({ maxDepth: 3 }),
);

const wireParams = fc.dictionary(fc.constantFrom(...PARAM_NAMES), wireValue, { maxKeys: 6 });
const rawArgs: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: wireParams },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

describe(`validateRequest over ${RUNS} generated requests`, () => {
  it("never throws; refusals are contract error envelopes; acceptances respect flags, caps and bounds", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.constantFrom(...ACTIONS), rawArgs, (action: Action, args) => {
        const result = validateRequest(action, args);
        if (!result.ok) {
          const parsed = ErrorEnvelopeSchema.safeParse(result.error);
          if (!parsed.success) throw new Error(`not an error envelope: ${JSON.stringify(result.error)}`);
          return;
        }
        accepted++;
        const { request } = result;
        const spec = ACTION_SPECS[action];
        for (const flag of request.disclosure) expect(spec.permittedFlags).toContain(flag);
        expect(request.limit).toBeLessThanOrEqual(request.cap.max);
        const input = (request.params as { input?: string }).input;
        if (input !== undefined) {
          expect(input.length).toBeLessThanOrEqual(REQUEST_BOUNDS.maxInputChars);
          if (action === "search" || action === "preflight")
            expect(queryTermCount(input)).toBeLessThanOrEqual(REQUEST_BOUNDS.maxQueryTerms);
        }
      }),
      { numRuns: RUNS },
    );
    // The generator reaches both sides (a run that only ever refuses would prove little).
    expect(accepted).toBeGreaterThan(RUNS / 50);
  });
});

// ---------------------------------------------------------------- answers

const docArb: fc.Arbitrary<FakeDoc> = fc
  .record({
    slug: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
    title: fc.string({ minLength: 1, maxLength: 30 }),
    blockquote: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
    summary: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
    body: fc.string({ maxLength: 80 }),
    audience: fc.constantFrom("public", "internal", "canon", "docs"),
  })
  .map((d) => ({
    uri: `klappy://docs/${d.slug}`,
    title: d.title,
    blockquote: d.blockquote,
    summary: d.summary,
    body: d.body,
    metadata: { title: d.title, audience: d.audience, exposure: "public", tier: 2 },
  }));

const docsArb = fc.uniqueArray(docArb, { minLength: 1, maxLength: 6, selector: (d) => d.uri });

/** A request the client would send (valid), for an action and the docs it will be answered from. */
function requestArb(docs: FakeDoc[]): fc.Arbitrary<{ action: Action; args: Record<string, unknown> }> {
  type Generated = { action: Action; args: Record<string, unknown> };
  return fc.constantFrom(...ACTIONS).chain((action): fc.Arbitrary<Generated> => {
    const spec = ACTION_SPECS[action];
    const disclosure = fc.subarray([...spec.permittedFlags]);
    if (!spec.many) {
      return fc
        .record({ disclosure, doc: fc.constantFrom(...docs) })
        .map(({ disclosure: d, doc }) => ({ action, args: { input: doc.uri, disclosure: d } }));
    }
    return fc
      .record({
        disclosure,
        limit: fc.integer({ min: 1, max: 5 }),
        offset: fc.integer({ min: 0, max: 3 }),
        word: fc.constantFrom(...docs.map((d) => d.title.slice(0, 3) || "a")),
      })
      .map(({ disclosure: d, limit, offset, word }) => ({
        action,
        args: {
          ...(action === "search" || action === "preflight" ? { input: word.trim() || "a" } : {}),
          disclosure: d,
          limit,
          offset,
        },
      }))
      .filter(({ args }) => validateRequest(action, args).ok);
  });
}

type Json = Record<string, unknown>;
type Corruption = {
  name: string;
  apply: (envelope: Json, action: Action, flags: string[]) => Json | string | null;
};

const entriesOf = (result: Json): Json[] =>
  Array.isArray(result.data)
    ? (result.data as Json[])
    : result.data && typeof result.data === "object"
      ? [result.data as Json]
      : [];

/** Each corruption breaks the contract for sure (null: not applicable to this answer). */
const CORRUPTIONS: Corruption[] = [
  { name: "not JSON", apply: (e) => JSON.stringify(e).slice(0, -1) },
  { name: "no result", apply: (e) => ({ ...e, result: undefined }) },
  { name: "status changed", apply: (e) => ({ ...e, result: { ...(e.result as Json), status: "OK" } }) },
  {
    name: "entry without uri",
    apply: (e) => {
      const r = structuredClone(e.result) as Json;
      const first = entriesOf(r)[0];
      if (!first) return null;
      delete first.uri;
      return { ...e, result: r };
    },
  },
  {
    name: "unrequested body",
    apply: (e, _a, flags) => {
      if (flags.includes("body")) return null;
      const r = structuredClone(e.result) as Json;
      const first = entriesOf(r)[0];
      if (!first) return null;
      first.body = "leaked text";
      return { ...e, result: r };
    },
  },
  {
    name: "unrequested metadata",
    apply: (e, _a, flags) => {
      if (flags.includes("metadata")) return null;
      const r = structuredClone(e.result) as Json;
      const first = entriesOf(r)[0];
      if (!first) return null;
      first.metadata = { audience: "internal" };
      return { ...e, result: r };
    },
  },
  {
    name: "disclosure_applied differs",
    apply: (e, _a, flags) => {
      const r = structuredClone(e.result) as Json;
      r.disclosure_applied = flags.length > 0 ? [] : ["blockquote"];
      return { ...e, result: r };
    },
  },
  {
    name: "total below the entries",
    apply: (e, action) => {
      if (!ACTION_SPECS[action].many) return null;
      const r = structuredClone(e.result) as Json;
      if (entriesOf(r).length === 0) return null;
      r.total = -1;
      return { ...e, result: r };
    },
  },
  {
    name: "title a number",
    apply: (e) => {
      const r = structuredClone(e.result) as Json;
      const first = entriesOf(r)[0];
      if (!first) return null;
      first.title = 42;
      return { ...e, result: r };
    },
  },
];

const OPTIONS = { action: "property" };
const MAX_BYTES = 2 * 1024 * 1024;

describe(`the client's fail-closed path over ${RUNS} generated answers`, () => {
  it("accepts every compliant answer and no corrupted one; never throws an untyped error", () => {
    let corrupted = 0;
    let clean = 0;
    fc.assert(
      fc.property(
        docsArb.chain((docs) =>
          fc.record({
            docs: fc.constant(docs),
            request: requestArb(docs),
            corruption: fc.option(fc.constantFrom(...CORRUPTIONS), { freq: 2, nil: null }),
          }),
        ),
        ({ docs, request, corruption }) => {
          const { action, args } = request;
          const validation = validateRequest(action, args);
          if (!validation.ok) return;
          const { envelope, isError } = compliantAnswer(docs, action, args);
          if (isError) return;
          const flags = validation.request.disclosure as string[];
          const mutated = corruption ? corruption.apply(envelope, action, flags) : envelope;
          if (mutated === null) return;
          const text = typeof mutated === "string" ? mutated : JSON.stringify(mutated);
          const run = () =>
            validateToolResult(textResult(text), validation.request, args, MAX_BYTES, OPTIONS);
          if (corruption === null) {
            clean++;
            run(); // a compliant answer must pass
            return;
          }
          corrupted++;
          let accepted = false;
          try {
            run();
            accepted = true;
          } catch (error) {
            if (!(error instanceof OddkitError))
              throw new Error(`untyped ${String(error)} for ${corruption.name}`);
          }
          if (accepted) throw new Error(`a corrupted answer (${corruption.name}) was accepted: ${text}`);
        },
      ),
      { numRuns: RUNS },
    );
    expect(clean).toBeGreaterThan(RUNS / 10);
    expect(corrupted).toBeGreaterThan(RUNS / 10);
  });

  it("random text as an answer is refused with a typed error, never thrown raw", () => {
    const validation = validateRequest("catalog", {});
    if (!validation.ok) throw new Error("catalog {} must validate");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => JSON.stringify(v) ?? ""),
        ),
        (text) => {
          try {
            validateToolResult(textResult(text), validation.request, {}, MAX_BYTES, OPTIONS);
          } catch (error) {
            if (!(error instanceof OddkitError)) throw error;
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
