/**
 * A fast accept-path for a zod schema, compiled FROM the schema (its `_zod.def`
 * tree), never restated by hand: the contract's rules stay in the zod
 * declarations of this folder.
 *
 * Why: a zod parse builds a new copy of every object and array it walks (its
 * output value). On a 500-entry page that copy costs about as much as
 * `JSON.parse` itself, plus the garbage collection after it, and the client
 * only needs to know whether the page passes. The compiled check reads the
 * value and allocates nothing.
 *
 * The contract between the two: `accepts(schema)(value) === true` implies
 * `schema.safeParse(value).success`. `false` means "not shown here": the
 * caller then runs zod, which decides and writes the typed messages. So a
 * node kind or a check this compiler does not know compiles to "never
 * accept" (zod decides), and an object whose prototype is not Object's (or
 * none), a record with symbol keys or a function `constructor`, and an absent
 * field zod might still let pass are sent to zod rather than judged here.
 * Fields are read as zod reads them (`key in value`, then `value[key]`). On values `JSON.parse` makes, both answer
 * the same (test/contract/fast-accept.test.ts proves both directions with
 * fast-check over the contract's result schemas).
 *
 * Mirrors zod 4's parse semantics for: string, number, boolean, null,
 * unknown, any, enum, literal, nullable, optional, array, object (strict or
 * strip), record with a plain string key, union; checks min/max length,
 * length equals, greater/less than, safe-integer format.
 */
import * as z from "zod";

type Accept = (value: unknown) => boolean;

/** The parts of zod's internals read here (`schema._zod`), typed loosely on purpose. */
interface Internals {
  readonly def: Def;
  readonly traits: Set<string>;
  readonly optin?: "optional" | "defaulted";
  readonly optout?: "optional";
}
interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly coerce?: boolean;
  readonly format?: string;
  readonly innerType?: Schema;
  readonly element?: Schema;
  readonly shape?: Record<string, Schema>;
  readonly catchall?: Schema;
  readonly keyType?: Schema;
  readonly valueType?: Schema;
  readonly mode?: string;
  readonly options?: readonly Schema[];
  readonly entries?: Record<string, unknown>;
  readonly values?: readonly unknown[];
}
interface CheckDef {
  readonly check: string;
  readonly when?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly length?: number;
  readonly value?: number | bigint;
  readonly inclusive?: boolean;
  readonly format?: string;
}
interface Schema {
  readonly _zod: Internals;
}

const NEVER: Accept = () => false;

/**
 * A leaf test an object can run in its own field loop instead of calling the field's compiled
 * closure (a call per field per entry was about half the cost of a 500-entry page). It may only
 * say "accepted": when it does not, the closure decides. `lo`/`hi` bound a string's UTF-16 length
 * (a window inside which its code-point count is certainly within the schema's bounds) or a
 * number's value (inclusive bounds only), `safeInt` is the `int()` format.
 */
interface InlineLeaf {
  readonly kind: typeof STRING_LEAF | typeof NUMBER_LEAF;
  readonly lo: number;
  readonly hi: number;
  readonly safeInt: boolean;
}
const STRING_LEAF = 1;
const NUMBER_LEAF = 2;
const inlineLeaves = new WeakMap<Accept, InlineLeaf>();

/** `accept`, remembered with the inline test that implies it. */
function withInlineLeaf(accept: Accept, leaf: InlineLeaf): Accept {
  inlineLeaves.set(accept, leaf);
  return accept;
}
const ALWAYS: Accept = () => true;

/** A plain data object, judged without reading an inherited property: Object's prototype or none. */
function isPlainData(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The checks of one node (length, bounds, integer format); null when one is unknown here. */
function compileChecks(def: Def): Accept[] | null {
  const out: Accept[] = [];
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    const test = compileCheck(c);
    if (test === null) return null;
    const when = c.when as ((payload: { value: unknown; issues: unknown[] }) => boolean) | undefined;
    if (when === undefined) {
      out.push(test);
      continue;
    }
    // zod runs a check with a `when` only when it says so (length checks: a non-nullish value with
    // a length). Here every earlier test passed, so zod's payload would carry no issue either. One
    // payload per check, reused: a `when` only reads it, and checks never nest.
    const payload = { value: undefined as unknown, issues: [] as unknown[] };
    out.push((v) => {
      payload.value = v;
      const run = when(payload);
      payload.value = undefined; // hold no reference to the judged value
      return !run || test(v);
    });
  }
  return out;
}

/**
 * Code points of a string, as zod's length checks count them: a surrogate pair once, a lone
 * surrogate as itself.
 */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

/** The length zod's length checks compare: code points of a string, `length` of anything else. */
const lengthOf = (v: unknown): number =>
  typeof v === "string" ? codePoints(v) : (v as { length: number }).length;

/** One check's test; null when its kind is unknown here. */
function compileCheck(c: CheckDef): Accept | null {
  switch (c.check) {
    case "min_length": {
      const min = c.minimum as number;
      return (v) => lengthOf(v) >= min;
    }
    case "max_length": {
      const max = c.maximum as number;
      return (v) => lengthOf(v) <= max;
    }
    case "length_equals": {
      const len = c.length as number;
      return (v) => lengthOf(v) === len;
    }
    case "greater_than": {
      if (typeof c.value !== "number") return null;
      const bound = c.value;
      return c.inclusive ? (v) => (v as number) >= bound : (v) => (v as number) > bound;
    }
    case "less_than": {
      if (typeof c.value !== "number") return null;
      const bound = c.value;
      return c.inclusive ? (v) => (v as number) <= bound : (v) => (v as number) < bound;
    }
    case "number_format":
      if (c.format !== "safeint") return null;
      return (v) => Number.isSafeInteger(v);
    default:
      return null;
  }
}

/**
 * zod's own `when` of its length checks (run only on a non-nullish value with a `length`), taken
 * from a check zod builds: on a value that passed a string type test it always says yes, so a
 * length check carrying exactly this `when` needs no call of it. Any other `when` is called.
 */
const LENGTH_WHEN = (z.string().min(1)._zod.def.checks?.[0]?._zod.def as { when?: unknown } | undefined)
  ?.when;

/**
 * A string node with only length checks (zod's own `when`, or none), fused into one test: the
 * contract's strings are plain or `min(1)`, one call per value instead of a check loop. null when
 * the node has another check (the general path judges it).
 */
function fusedString(def: Def): Accept | null {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.when !== undefined && c.when !== LENGTH_WHEN) return null;
    if (c.check === "min_length") min = Math.max(min, c.minimum as number);
    else if (c.check === "max_length") max = Math.min(max, c.maximum as number);
    else if (c.check === "length_equals") {
      min = Math.max(min, c.length as number);
      max = Math.min(max, c.length as number);
    } else return null;
  }
  // zod counts code points, 1 or 2 UTF-16 units each: `units / 2 ≤ points ≤ units`, so
  // `2 × min ≤ units ≤ max` settles it without counting (the inline window).
  const leaf: InlineLeaf = { kind: STRING_LEAF, lo: 2 * min, hi: max, safeInt: false };
  if (min === 0 && max === Number.POSITIVE_INFINITY)
    return withInlineLeaf((v) => typeof v === "string", leaf);
  // Only a string whose unit count leaves the verdict open is counted (the contract's almost never are).
  return withInlineLeaf((v) => {
    if (typeof v !== "string") return false;
    const units = v.length;
    if (units < min) return false;
    if (units >= 2 * min && units <= max) return true;
    const points = codePoints(v);
    return points >= min && points <= max;
  }, leaf);
}

/**
 * A number node with only bound and safe-integer checks (none of which has a `when` here),
 * fused into one test. null when the node has any other check.
 */
function fusedNumber(def: Def): Accept | null {
  let lo = Number.NEGATIVE_INFINITY;
  let loInclusive = true;
  let hi = Number.POSITIVE_INFINITY;
  let hiInclusive = true;
  let safeInt = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.when !== undefined) return null;
    if (c.check === "number_format" && c.format === "safeint") safeInt = true;
    else if (c.check === "greater_than" && typeof c.value === "number") {
      // The tighter of two lower bounds; at an equal value the exclusive one is tighter.
      if (c.value > lo || (c.value === lo && !c.inclusive)) {
        lo = c.value;
        loInclusive = c.inclusive === true;
      }
    } else if (c.check === "less_than" && typeof c.value === "number") {
      if (c.value < hi || (c.value === hi && !c.inclusive)) {
        hi = c.value;
        hiInclusive = c.inclusive === true;
      }
    } else return null;
  }
  const test: Accept = (v) =>
    typeof v === "number" &&
    (safeInt ? Number.isSafeInteger(v) : Number.isFinite(v)) &&
    (loInclusive ? v >= lo : v > lo) &&
    (hiInclusive ? v <= hi : v < hi);
  // Inclusive bounds (the contract's `int().min(n)`) inline exactly; an exclusive one keeps the call.
  return loInclusive && hiInclusive ? withInlineLeaf(test, { kind: NUMBER_LEAF, lo, hi, safeInt }) : test;
}

/** The type test of a node and then its checks, in zod's order (checks run only on a value of the type). */
function withChecks(def: Def, typeTest: Accept): Accept {
  const checks = compileChecks(def);
  if (checks === null) return NEVER;
  if (checks.length === 0) return typeTest;
  return (v) => {
    if (!typeTest(v)) return false;
    for (const check of checks) if (!check(v)) return false;
    return true;
  };
}

/** Can an absent key be omitted? zod's rule: the value schema is optional going in and coming out. */
const omittable = (s: Schema) => s._zod.optin === "optional" && s._zod.optout === "optional";

function compileObject(def: Def): Accept {
  const catchall = def.catchall?._zod.def.type;
  // strict (catchall never) or strip (no catchall); a passthrough catchall is left to zod.
  if (catchall !== undefined && catchall !== "never") return NEVER;
  const strict = catchall === "never";
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  if (Object.getOwnPropertySymbols(shape).length > 0 || keys.includes("__proto__")) return NEVER;
  // Every field record has the same properties (one hidden class, so the loop's reads stay monomorphic).
  const fields = keys.map((key) => {
    const accept = compile(shape[key]!);
    const leaf = inlineLeaves.get(accept);
    return {
      key,
      accept,
      omittable: omittable(shape[key]!),
      leaf: leaf?.kind ?? 0,
      lo: leaf?.lo ?? 0,
      hi: leaf?.hi ?? 0,
      safeInt: leaf?.safeInt ?? false,
    };
  });
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const count = fields.length;
  /**
   * zod's reading, field by field: present is `key in value`, the value is read through the
   * prototype, and only an omittable field may be absent (zod's other absent cases are left to it).
   */
  const everyField = (v: Record<string, unknown>): boolean => {
    for (let i = 0; i < count; i++) {
      const f = fields[i]!;
      const x = v[f.key];
      if (x === undefined && !(f.key in v)) {
        if (f.omittable) continue;
        return false;
      }
      if (!f.accept(x)) return false;
    }
    return true;
  };
  return withChecks(def, (v) => {
    if (!isPlainData(v)) return false;
    // One walk of the keys zod's unrecognized-key walk sees (`for…in`: inherited enumerable keys
    // included, `__proto__` reported). Each is a shape field (its value judged, read as `v[key]`,
    // which V8 serves from the walk's own index) or, on a strict object, a rejection. A wire entry
    // lists its fields in the declared order, so the next field is tried before the map.
    let seen = 0;
    for (const key in v) {
      // Typed wider than the index read: a user's tsconfig without noUncheckedIndexedAccess types
      // `fields[seen]` as never undefined, and the map's miss must still fit (test/codemods typecheck).
      let f: (typeof fields)[number] | undefined = fields[seen];
      if (f === undefined || f.key !== key) {
        f = byKey.get(key);
        if (f === undefined) {
          if (strict) return false;
          continue;
        }
      }
      const x = v[key];
      seen++;
      // The field's inline leaf test first; when it does not accept, its compiled test decides.
      if (f.leaf === STRING_LEAF) {
        if (typeof x === "string" && x.length >= f.lo && x.length <= f.hi) continue;
      } else if (f.leaf === NUMBER_LEAF) {
        if (
          typeof x === "number" &&
          x >= f.lo &&
          x <= f.hi &&
          (f.safeInt ? Number.isSafeInteger(x) : Number.isFinite(x))
        )
          continue;
      }
      if (!f.accept(x)) return false;
    }
    // Every field was walked (keys are distinct), so each is present and judged. Otherwise some field
    // is absent or not enumerable: zod's field-by-field reading decides.
    return seen === count || everyField(v);
  });
}

function compileRecord(def: Def): Accept {
  const key = def.keyType?._zod;
  // A plain string key with no checks accepts every string key; anything else (enum keys, patterns) is zod's.
  if (!key || key.def.type !== "string" || (key.def.checks?.length ?? 0) > 0 || key.def.format !== undefined)
    return NEVER;
  if (def.mode !== undefined && def.mode !== "strict") return NEVER;
  const value = compile(def.valueType as Schema);
  const anyValue = value === ALWAYS;
  return withChecks(def, (v) => {
    // zod asks for a plain object (its isPlainObject reads `constructor`): an own `constructor`
    // that is a function, or any symbol key, is sent to zod.
    if (!isPlainData(v) || (Object.hasOwn(v, "constructor") && typeof v.constructor === "function"))
      return false;
    if (Object.getOwnPropertySymbols(v).length > 0) return false;
    if (anyValue) return true;
    for (const k of Object.keys(v)) {
      if (k === "__proto__") continue; // zod skips it
      if (!value(v[k])) return false;
    }
    return true;
  });
}

function compileNode(schema: Schema): Accept {
  const zod = schema._zod;
  const def = zod.def;
  if (def.coerce === true) return NEVER;
  switch (def.type) {
    case "string":
      if (def.format !== undefined) return NEVER;
      return fusedString(def) ?? withChecks(def, (v) => typeof v === "string");
    case "number":
      if (def.format !== undefined) return NEVER;
      return fusedNumber(def) ?? withChecks(def, (v) => typeof v === "number" && Number.isFinite(v));
    case "boolean":
      return withChecks(def, (v) => typeof v === "boolean");
    case "null":
      return withChecks(def, (v) => v === null);
    case "unknown":
    case "any":
      return (def.checks?.length ?? 0) === 0 ? ALWAYS : NEVER;
    case "enum": {
      const values = new Set(Object.values(def.entries ?? {}));
      return withChecks(def, (v) => values.has(v));
    }
    case "literal": {
      const values = new Set(def.values ?? []);
      return withChecks(def, (v) => values.has(v));
    }
    case "nullable": {
      const inner = compile(def.innerType as Schema);
      return withChecks(def, (v) => v === null || inner(v));
    }
    case "optional": {
      if (zod.optin === "defaulted") return NEVER;
      const inner = compile(def.innerType as Schema);
      const exact = zod.traits.has("$ZodExactOptional");
      return withChecks(def, exact ? inner : (v) => v === undefined || inner(v));
    }
    case "array": {
      const element = compile(def.element as Schema);
      return withChecks(def, (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      });
    }
    case "object":
      return compileObject(def);
    case "record":
      return compileRecord(def);
    case "union": {
      // An exclusive union fails when two options match: left to zod.
      if (zod.traits.has("$ZodXor")) return NEVER;
      const options = (def.options ?? []).map(compile);
      return withChecks(def, (v) => {
        for (const option of options) if (option(v)) return true;
        return false;
      });
    }
    default:
      return NEVER;
  }
}

const compiled = new WeakMap<object, Accept>();

function compile(schema: Schema): Accept {
  let accept = compiled.get(schema);
  if (accept === undefined) {
    accept = compileNode(schema);
    compiled.set(schema, accept);
  }
  return accept;
}

/**
 * The compiled accept-path of a zod schema (built once per schema): true only
 * for values the schema accepts; false means "run the schema".
 *
 * @example
 * ```ts
 * const schema = resultSchema("catalog", []);
 * if (!fastAccept(schema)(result)) schema.safeParse(result); // zod writes the messages
 * ```
 */
export function fastAccept(schema: z.ZodType): (value: unknown) => boolean {
  return compile(schema as unknown as Schema);
}
