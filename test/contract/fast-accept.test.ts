/**
 * fastAccept (the accept-path compiled from a zod schema) never accepts what
 * zod rejects, and on values JSON.parse makes it accepts exactly what zod
 * accepts. Judged on the contract's own result schemas (every action, every
 * permitted disclosure, with and without the legacy envelope) over reference
 * answers broken at random, and on small schemas of every node kind. A fast
 * path that accepts something zod rejects would let a non-conforming answer
 * through the client: that direction is asserted on every generated value,
 * JSON or not (prototype tricks, inherited and extra keys, wrong types).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { fastAccept } from "../../src/contract/fast-accept.js";
import {
  ACTION_SPECS,
  ACTIONS,
  type Action,
  entryListSchema,
  FLAGS,
  type Flag,
  KINDS,
  resultSchema,
  toolNameFor,
  validateRequest,
} from "../../src/contract/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

type Json = Record<string, unknown>;

const SEARCH = { input: "cache" };
const ONE = { input: "klappy://writings/on-caching" };
const BASE: Record<Action, Json> = {
  catalog: { limit: 6, include: [...KINDS] },
  search: { ...SEARCH, limit: 5 },
  preflight: { input: "caching", limit: 5 },
  get: ONE,
  resolve: ONE,
};

/** Every subset of an action's permitted flags. */
function subsets(flags: readonly Flag[]): Flag[][] {
  const out: Flag[][] = [[]];
  for (const f of flags) for (const s of [...out]) out.push([...s, f]);
  return out;
}

interface Page {
  readonly action: Action;
  readonly disclosure: Flag[];
  readonly legacy: boolean;
  readonly text: string;
}

let server: ReferenceServer;
const pages: Page[] = [];

beforeAll(async () => {
  server = await createReferenceServer();
  for (const action of ACTIONS) {
    for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
      for (const legacy of [false, true]) {
        const params: Json = { ...BASE[action], disclosure, include_legacy_envelope: legacy || undefined };
        const validation = validateRequest(action, params);
        if (!validation.ok) continue; // a cap refusal: no page to judge
        const raw = await server.callTool(toolNameFor(action), params);
        const text = (raw.content[0] as { text: string }).text;
        const result = (JSON.parse(text) as { result: Json }).result;
        if (typeof result.error_code === "string") continue;
        pages.push({ action, disclosure: validation.request.disclosure, legacy, text });
      }
    }
  }
}, 60_000);
afterAll(() => server.close());

const schemaOf = (p: Page) => resultSchema(p.action, p.disclosure, { legacyEnvelope: p.legacy });

/** Every object and array inside a value (the value itself first), with a path for messages. */
function nodes(value: unknown, out: object[] = []): object[] {
  if (typeof value !== "object" || value === null) return out;
  const proto = Object.getPrototypeOf(value) as unknown;
  // Plain data only: a boxed string, a Map or a typed array planted earlier is a leaf here.
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return out;
  out.push(value);
  for (const child of Object.values(value)) nodes(child, out);
  return out;
}

const KEYS = [
  "uri",
  "title",
  "position",
  "score",
  "snippet",
  "role",
  "content_hash",
  "supersession_chain",
  "superseded_at",
  "metadata",
  "summary",
  "blockquote",
  "body",
  "status",
  "data",
  "total",
  "limit",
  "offset",
  "disclosure_applied",
  "filters_applied",
  "include",
  "exclude",
  "tags",
  "hits",
  "articles",
  "extra",
  "constructor",
  "toString",
  "hasOwnProperty",
  "__proto__",
  "0",
];

/** Values JSON can carry, biased towards the contract's own leaves so that many stay valid. */
const jsonValue: fc.Arbitrary<unknown> = fc
  .oneof(
    fc.constantFrom(...FLAGS, ...KINDS, "FOUND", "NO_MATCH", "ERROR", "", "klappy://x", "canon", "lead"),
    fc.string(),
    fc.integer({ min: -2, max: 1000 }),
    fc.constantFrom(0, 1, 1.5, -0, 2 ** 53, 2 ** 53 - 1, 1e308),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.constantFrom(...FLAGS, ...KINDS, "x"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
      maxKeys: 3,
    }),
    fc.constant("[]"),
    fc.constant("{}"),
  )
  .map((v) => (v === "[]" ? [] : v === "{}" ? {} : v)); // fresh containers: a shared one would grow cycles

const jsonMutation = fc.record({
  node: fc.nat(),
  op: fc.constantFrom("set", "delete", "add", "replace-value", "swap"),
  key: fc.constantFrom(...KEYS),
  value: jsonValue,
  other: fc.nat(),
});
type JsonMutation = typeof jsonMutation extends fc.Arbitrary<infer T> ? T : never;

/** A fresh copy of a generated JSON value, so no two places share (or cycle through) one object. */
const copy = (v: unknown): unknown => (typeof v === "object" && v !== null ? structuredClone(v) : v);

/** Apply mutations in place to a JSON tree; returns the (possibly replaced) root. */
function mutate(root: unknown, ms: readonly JsonMutation[]): unknown {
  for (const m of ms) {
    const all = nodes(root);
    if (all.length === 0) return copy(m.value);
    const target = all[m.node % all.length] as Json | unknown[];
    const keys = Object.keys(target);
    const existing = keys.length > 0 ? keys[m.other % keys.length]! : m.key;
    if (m.op === "set")
      Object.defineProperty(target, m.key, {
        value: copy(m.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (m.op === "delete") delete (target as Json)[existing];
    else if (m.op === "add")
      Object.defineProperty(target, m.key, {
        value: copy(m.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (m.op === "replace-value") (target as Json)[existing] = copy(m.value);
    else if (target === root) root = copy(m.value);
    else (target as Json)[existing] = Array.isArray(target) ? {} : [];
  }
  return root;
}

/** What a hostile in-process value can do that JSON cannot. */
const hostileOp = fc.record({
  node: fc.nat(),
  op: fc.constantFrom(
    "proto-with-fields",
    "null-proto-copy",
    "array-proto",
    "drop-to-proto",
    "getter",
    "symbol-key",
    "anything",
    "class",
    "own-constructor-fn",
    "hole",
  ),
  other: fc.nat(),
  value: fc.anything({
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
});
type HostileOp = typeof hostileOp extends fc.Arbitrary<infer T> ? T : never;

class Entryish {
  uri = "klappy://x";
  title = "t";
}

function hostile(root: unknown, ms: readonly HostileOp[]): unknown {
  for (const m of ms) {
    const all = nodes(root);
    if (all.length === 0) return m.value;
    const i = m.node % all.length;
    const target = all[i] as Json;
    const keys = Object.keys(target);
    const key = keys.length > 0 ? keys[m.other % keys.length]! : "uri";
    const replace = (value: unknown) => {
      if (i === 0) root = value;
      else {
        // Find the parent holding this node and swap it in place.
        for (const parent of all) {
          for (const k of Object.keys(parent))
            if ((parent as Json)[k] === target) (parent as Json)[k] = value;
        }
      }
    };
    try {
      hostileStep(m, target, key, replace);
    } catch {
      // An earlier step made this one impossible (a getter-only field, a frozen boxed value): skip it.
    }
  }
  return root;
}

function hostileStep(m: HostileOp, target: Json, key: string, replace: (value: unknown) => void): void {
  switch (m.op) {
    case "proto-with-fields":
      Object.setPrototypeOf(target, { uri: "klappy://x", title: "t", position: 1, extra: 1 });
      break;
    case "null-proto-copy":
      replace(Object.assign(Object.create(null) as Json, target));
      break;
    case "array-proto":
      Object.setPrototypeOf(target, Array.prototype);
      break;
    case "drop-to-proto": {
      // The field moves from the object onto its prototype: present through `in`, not own.
      const value = target[key];
      delete target[key];
      Object.setPrototypeOf(target, { [key]: value });
      break;
    }
    case "getter": {
      const value = target[key];
      Object.defineProperty(target, key, { get: () => value, enumerable: true, configurable: true });
      break;
    }
    case "symbol-key":
      (target as Record<symbol, unknown>)[Symbol("s")] = 1;
      break;
    case "anything":
      target[key] = m.value;
      break;
    case "class":
      replace(Object.assign(new Entryish(), target));
      break;
    case "own-constructor-fn":
      target.constructor = function Fake() {};
      break;
    case "hole":
      if (Array.isArray(target) && target.length > 0) delete target[m.other % target.length];
      break;
  }
}

describe("fastAccept on the contract's result schemas", () => {
  it("accepts every reference answer it is given (the fast path is taken)", () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const result = (JSON.parse(page.text) as { result: unknown }).result;
      expect(schemaOf(page).safeParse(result).success).toBe(true);
      expect(fastAccept(schemaOf(page))(result), `${page.action} ${page.disclosure.join(",")}`).toBe(true);
    }
  });

  it("agrees with zod exactly on JSON values (generated mutations of reference answers)", () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(fc.nat(), fc.array(jsonMutation, { maxLength: 3 }), (p, ms) => {
        const page = pages[p % pages.length]!;
        const mutated = mutate((JSON.parse(page.text) as { result: unknown }).result, ms);
        const value = JSON.parse(JSON.stringify(mutated) ?? "null") as unknown; // what a wire answer can be
        const schema = schemaOf(page);
        const zod = schema.safeParse(value).success;
        expect(fastAccept(schema)(value)).toBe(zod);
        if (zod) accepted++;
        else rejected++;
      }),
      { numRuns: 1500 },
    );
    // Both sides were exercised: a generator that only made broken (or only valid) pages proves little.
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
  });

  it("never accepts what zod rejects, whatever the value (prototype tricks, getters, symbols, classes)", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.array(jsonMutation, { maxLength: 2 }),
        fc.array(hostileOp, { minLength: 1, maxLength: 3 }),
        (p, ms, hs) => {
          const page = pages[p % pages.length]!;
          const value = hostile(mutate((JSON.parse(page.text) as { result: unknown }).result, ms), hs);
          const schema = schemaOf(page);
          if (fastAccept(schema)(value)) expect(schema.safeParse(value).success).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("agrees with zod on entry lists (what the compliance checks parse)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(jsonMutation, { maxLength: 3 }), (p, ms) => {
        const page = pages[p % pages.length]!;
        const result = (JSON.parse(page.text) as { result: Json }).result;
        const list = Array.isArray(result.data) ? result.data : [result.data];
        const value = JSON.parse(JSON.stringify(mutate(list, ms)) ?? "null") as unknown;
        const schema = entryListSchema(page.action, page.disclosure);
        expect(fastAccept(schema)(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it("sends an inherited enumerable key on Object.prototype to zod (which rejects it as unrecognized)", () => {
    const page = pages.find((p) => p.action === "catalog" && !p.legacy)!;
    const result = (JSON.parse(page.text) as { result: unknown }).result;
    const schema = schemaOf(page);
    // biome-ignore lint/suspicious/noExplicitAny: a deliberate pollution, removed in finally
    (Object.prototype as any).polluted = 1;
    try {
      expect(schema.safeParse(result).success).toBe(false);
      expect(fastAccept(schema)(result)).toBe(false);
    } finally {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      delete (Object.prototype as any).polluted;
    }
    expect(fastAccept(schema)(result)).toBe(true);
  });
});

/** `[ <hole>, "b" ]`: zod reads the hole as undefined. */
function holeThenB(): unknown[] {
  const out: unknown[] = [];
  out[1] = "b";
  return out;
}

describe("fastAccept node by node", () => {
  const cases: { name: string; schema: z.ZodType; values: unknown[] }[] = [
    {
      name: "string min",
      schema: z.string().min(2).max(4),
      // zod counts code points: "𐀀" is 2 UTF-16 units but 1 code point, a lone surrogate 1 of each.
      values: [
        "",
        "a",
        "ab",
        "abcd",
        "abcde",
        1,
        null,
        "𐀀",
        "𐀀𐀀",
        "𐀀𐀀𐀀𐀀",
        "𐀀𐀀𐀀𐀀𐀀",
        "\ud800a",
        "\ud800\ud800",
      ],
    },
    {
      name: "int bounds",
      schema: z.number().int().min(1).max(9),
      values: [0, 1, 9, 10, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "1", 2 ** 53],
    },
    { name: "exclusive bounds", schema: z.number().gt(0).lt(1), values: [0, 0.5, 1, -1] },
    { name: "number", schema: z.number(), values: [0, -0, Number.NaN, Number.NEGATIVE_INFINITY, 1e308, "1"] },
    {
      name: "boolean / null",
      schema: z.union([z.boolean(), z.null()]),
      values: [true, false, null, 0, undefined],
    },
    { name: "enum", schema: z.enum(["a", "b"]), values: ["a", "b", "c", undefined] },
    { name: "literal", schema: z.literal("x"), values: ["x", "y"] },
    { name: "nullable", schema: z.string().nullable(), values: [null, "s", undefined, 1] },
    {
      name: "optional in object",
      schema: z.strictObject({ a: z.string().optional(), b: z.number() }),
      values: [
        { b: 1 },
        { a: "s", b: 1 },
        { a: undefined, b: 1 },
        { a: 1, b: 1 },
        { a: "s" },
        { b: 1, c: 2 },
      ],
    },
    {
      name: "strip object",
      schema: z.object({ a: z.string() }),
      values: [{ a: "s" }, { a: "s", extra: 1 }, {}, [], null],
    },
    {
      name: "record",
      schema: z.record(z.string(), z.number()),
      values: [{}, { a: 1 }, { a: "1" }, { constructor: 1 }, JSON.parse('{"__proto__": "x", "a": 1}'), []],
    },
    {
      name: "array length",
      schema: z.array(z.string()).min(1).length(2),
      values: [[], ["a"], ["a", "b"], ["a", 1], holeThenB()],
    },
    {
      name: "union of array",
      schema: z.union([z.enum(["k"]), z.array(z.enum(["k"])).min(1)]),
      values: ["k", ["k"], [], ["j"], "j"],
    },
    // Kinds the compiler does not know: never accepted here, zod decides.
    { name: "email (format)", schema: z.email(), values: ["a@b.co", "x"] },
    { name: "refine", schema: z.string().refine((s) => s.length > 1), values: ["ab", "a"] },
    { name: "transform", schema: z.string().transform((s) => s.length), values: ["ab"] },
    { name: "coerce", schema: z.coerce.number(), values: ["1", 1] },
    { name: "xor", schema: z.xor([z.string(), z.string().min(1)]), values: ["", "a"] },
    { name: "loose", schema: z.looseObject({ a: z.string() }), values: [{ a: "s", b: 1 }] },
  ];
  for (const c of cases) {
    it(`${c.name}: accepts only what zod accepts, and all of it for supported kinds`, () => {
      const supported = !["email (format)", "refine", "transform", "coerce", "xor", "loose"].includes(c.name);
      for (const value of c.values) {
        const zod = c.schema.safeParse(value).success;
        const fast = fastAccept(c.schema)(value);
        if (fast) expect(zod, JSON.stringify(value)).toBe(true);
        if (supported) expect(fast, `${c.name} ${JSON.stringify(value)}`).toBe(zod);
        else expect(fast).toBe(false);
      }
    });
  }
});

/**
 * Strings with only length checks and numbers with only bounds and int are
 * compiled into one fused test each (the contract's `uri`, `title`,
 * `position`): generated stacks of those checks, in any order and any bound,
 * judged against zod on generated values. A check carrying its own `when` is
 * not fused (zod's own length `when` is known; another one is called).
 */
describe("fastAccept's fused string and number tests", () => {
  const lengthCheck = fc.oneof(
    fc.record({ kind: fc.constant("min" as const), n: fc.nat(6) }),
    fc.record({ kind: fc.constant("max" as const), n: fc.nat(6) }),
    fc.record({ kind: fc.constant("length" as const), n: fc.nat(6) }),
  );
  const stringSchema = fc.array(lengthCheck, { maxLength: 4 }).map((checks) => {
    let s = z.string();
    for (const c of checks) s = c.kind === "min" ? s.min(c.n) : c.kind === "max" ? s.max(c.n) : s.length(c.n);
    return s;
  });
  const bound = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -5, max: 5, noNaN: true }));
  const numberCheck = fc.oneof(
    fc.record({ kind: fc.constantFrom("gt", "gte", "lt", "lte"), n: bound }),
    fc.record({ kind: fc.constant("int" as const), n: fc.constant(0) }),
  );
  const numberSchema = fc.array(numberCheck, { maxLength: 4 }).map((checks) => {
    let s = z.number();
    for (const c of checks) {
      if (c.kind === "int") s = s.int();
      else s = s[c.kind as "gt" | "gte" | "lt" | "lte"](c.n);
    }
    return s;
  });
  const value = fc.oneof(
    fc.string({ maxLength: 8, unit: "grapheme" }),
    fc.integer({ min: -7, max: 7 }),
    fc.double(),
    fc.constantFrom(2 ** 53, -(2 ** 53), -0, 0.5, null, undefined, true, [], {}),
  );

  it("agree with zod on every generated check stack and value", () => {
    fc.assert(
      fc.property(
        fc.oneof(stringSchema, numberSchema),
        fc.array(value, { maxLength: 12 }),
        (schema, values) => {
          const fast = fastAccept(schema);
          for (const v of values) expect(fast(v), String(v)).toBe(schema.safeParse(v).success);
        },
      ),
      { numRuns: 600 },
    );
  });

  it("agree with zod as fields of an object, where their leaf tests run inline in the object's loop", () => {
    fc.assert(
      fc.property(
        fc.oneof(stringSchema, numberSchema),
        fc.oneof(stringSchema, numberSchema),
        fc.array(fc.tuple(value, value), { maxLength: 12 }),
        (a, b, pairs) => {
          const strict = z.strictObject({ a, b });
          const strip = z.object({ b, a });
          for (const [x, y] of pairs) {
            for (const schema of [strict, strip]) {
              const input = JSON.parse(JSON.stringify({ a: x, b: y }) ?? "null") as unknown;
              expect(fastAccept(schema)(input), `${String(x)} ${String(y)}`).toBe(
                schema.safeParse(input).success,
              );
              // An in-process value (`undefined`, -0, holes JSON cannot carry): never accepted against zod.
              const raw = { a: x, b: y };
              if (fastAccept(schema)(raw)) expect(schema.safeParse(raw).success).toBe(true);
            }
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it("calls a check's own `when` instead of assuming zod's", () => {
    // A `when` that never runs the check: zod accepts any string; a fused test would refuse "".
    const check = z.minLength(1);
    (check._zod.def as { when?: unknown }).when = () => false; // zod's option types do not offer `when`
    const schema = z.string().check(check);
    expect(schema.safeParse("").success).toBe(true);
    expect(fastAccept(schema)("")).toBe(true);
    expect(fastAccept(schema)(1)).toBe(false);
  });
});
