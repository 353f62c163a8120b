/**
 * A fast path for the frontmatter most files carry: top-level `key: value`
 * lines whose values are plain, single- or double-quoted one-line scalars,
 * flow lists of plain scalars (`tags: [a, b]`) or block lists of scalars
 * (`key:` then `- item` lines). Parsing those with the `yaml` package was a
 * fifth of a cold load's CPU (docs/performance.md); this reads them in one
 * pass over the lines.
 *
 * It answers only what it can answer exactly as `yaml` does (YAML 1.2, core
 * schema, `toJS`): anything outside the subset — comments, anchors, tags,
 * escapes other than `\"` and `\\`, multi-line scalars, nested mappings,
 * tabs, line or paragraph separators, duplicate keys, keys that are not plain words, numbers other than
 * decimal integers, control or non-BMP characters — returns null and the
 * caller parses with `yaml`. `test/corpus/frontmatter-fast.test.ts` holds it
 * equal to `yaml` on real and generated frontmatter (fast-check).
 *
 * Every document of a cold load passes here, so lines are read by hand (no
 * match arrays, no trimmed copies) and the core-schema patterns run only on
 * text whose first character can start them: the same answers and refusals
 * as the regex-per-line reading it replaced (held to it by the same test).
 */

/** Characters the subset accepts anywhere: printable ASCII and BMP text, no controls, tabs, surrogates or BOM (and line ends). */
const SAFE_TEXT = /^[\n\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*$/;
/** First characters of a plain scalar that YAML reads as an indicator (or that this path leaves to `yaml`). */
const PLAIN_FIRST_REFUSED = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);
/** YAML 1.2 core-schema words (as `yaml` applies them to plain scalars, first match wins). */
const CORE_NULL = new Set(["~", "null", "Null", "NULL"]);
const CORE_TRUE = new Set(["true", "True", "TRUE"]);
const CORE_FALSE = new Set(["false", "False", "FALSE"]);
const CORE_INT = /^[-+]?[0-9]+$/;
/** Other core-schema scalars (octal, hex, floats, infinities, NaN): left to `yaml`. Each begins with a digit, a sign or a dot. */
const CORE_OTHER =
  /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;

const SPACE = 0x20;
/** YAML's white space is the space and the tab (no tabs get here): JS's trim would also take U+00A0 and friends. */
function trimStart(s: string): string {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) === SPACE) i++;
  return i === 0 ? s : s.slice(i);
}
function trimEnd(s: string): string {
  let i = s.length;
  while (i > 0 && s.charCodeAt(i - 1) === SPACE) i--;
  return i === s.length ? s : s.slice(0, i);
}
const trimSpaces = (s: string) => trimEnd(trimStart(s));

/** Can a core-schema number (CORE_INT, CORE_OTHER) begin with this code unit: a digit, `+`, `-` or `.`? */
function numberLead(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

/** Longer lines are left to `yaml` (an implicit key has a length bound, and such lines are rare). */
const MAX_LINE = 1000;

/** Nothing this path can answer: parse with `yaml`. */
const REFUSE = Symbol("refuse");
type Value = unknown | typeof REFUSE;

/** A plain scalar's value under the core schema (text already trimmed), or REFUSE. */
function plain(text: string, flow: boolean): Value {
  if (text === "" || PLAIN_FIRST_REFUSED.has(text[0]!)) return REFUSE;
  // `: ` or a final `:` make a mapping, ` #` a comment; in a flow list `:` is left to `yaml` altogether.
  if (text.includes(" #") || text.endsWith(":") || text.includes(flow ? ":" : ": ")) return REFUSE;
  if (flow && /[[\]{}]/.test(text)) return REFUSE;
  if (CORE_NULL.has(text)) return null;
  if (CORE_TRUE.has(text)) return true;
  if (CORE_FALSE.has(text)) return false;
  if (!numberLead(text.charCodeAt(0))) return text;
  if (CORE_INT.test(text)) return Number.parseInt(text, 10);
  if (CORE_OTHER.test(text)) return REFUSE;
  return text;
}

/** A scalar value as written after `key: ` or `- ` (plain, '…' or "…", on this line), or REFUSE. */
function scalar(raw: string): Value {
  const text = trimEnd(raw);
  const quote = text[0];
  if (quote === "'") {
    if (text.length < 2 || !text.endsWith("'")) return REFUSE;
    const inner = text.slice(1, -1);
    if (!inner.includes("'")) return inner;
    // Inside, a quote is written twice; any other lone quote ends the scalar early.
    if (inner.replaceAll("''", "").includes("'")) return REFUSE;
    return inner.replaceAll("''", "'");
  }
  if (quote === '"') {
    if (text.length < 2 || !text.endsWith('"')) return REFUSE;
    const inner = text.slice(1, -1);
    if (!inner.includes("\\")) return inner.includes('"') ? REFUSE : inner;
    // Only \" and \\ are read here; any other escape (or a quote left bare) goes to `yaml`.
    let out = "";
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i]!;
      if (c === '"') return REFUSE;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const next = inner[++i];
      if (next !== '"' && next !== "\\") return REFUSE;
      out += next;
    }
    return out;
  }
  if (quote === "[") return flowList(text);
  return plain(text, false);
}

/** `[a, b, c]` of plain scalars, or REFUSE. */
function flowList(text: string): Value {
  if (!text.endsWith("]")) return REFUSE;
  const inner = text.slice(1, -1);
  if (trimSpaces(inner) === "") return [];
  const out: unknown[] = [];
  for (const part of inner.split(",")) {
    const item = plain(trimSpaces(part), true);
    if (item === REFUSE) return REFUSE;
    out.push(item);
  }
  return out;
}

/** Is `c` a code unit of a plain word key after its first: `[A-Za-z0-9_-]`? */
function keyUnit(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x2d
  );
}

/**
 * Where a top-level key line's key ends (the `:` after a plain word key, `[A-Za-z_][A-Za-z0-9_-]*`),
 * when the line is one: the `:` ends it or a space follows; else -1.
 */
function keyEnd(line: string): number {
  const first = line.charCodeAt(0);
  if (!((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first === 0x5f)) return -1;
  let i = 1;
  while (i < line.length && keyUnit(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) !== 0x3a) return -1;
  return i + 1 === line.length || line.charCodeAt(i + 1) === SPACE ? i : -1;
}

/** The value of a key line after the key's `:` and the spaces after it ("" when none). */
function valueAfter(line: string, colon: number): string {
  let i = colon + 1;
  while (i < line.length && line.charCodeAt(i) === SPACE) i++;
  return line.slice(i);
}

/**
 * A block list item line (`<indent>- <value>`, one space or more after the dash): its indentation
 * (spaces) and where its value starts; null when the line is not one.
 */
function itemAt(line: string): { indent: number; value: number } | null {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === SPACE) i++;
  if (line.charCodeAt(i) !== 0x2d || line.charCodeAt(i + 1) !== SPACE) return null;
  let value = i + 2;
  while (value < line.length && line.charCodeAt(value) === SPACE) value++;
  return { indent: i, value };
}

/**
 * The mapping `yaml` would make of this frontmatter, when it is in the subset; null otherwise
 * (parse it with `yaml`, which also reports the problems of YAML that does not parse).
 */
export function fastFrontmatter(yaml: string): Record<string, unknown> | null {
  if (!SAFE_TEXT.test(yaml)) return null;
  const out: Record<string, unknown> = {};
  const lines = yaml.split("\n");
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    if (line.length > MAX_LINE) return null;
    const colon = keyEnd(line);
    if (colon === -1) return null;
    const name = line.slice(0, colon);
    if (Object.hasOwn(out, name) || name === "__proto__" || plain(name, false) !== name) return null;
    const rest = valueAfter(line, colon);
    keys++;
    if (trimEnd(rest) !== "") {
      const value = scalar(rest);
      if (value === REFUSE) return null;
      out[name] = value;
      continue;
    }
    // An empty value: a block list of scalars when `- ` lines follow (one indentation), else null.
    const items: unknown[] = [];
    let indent = -1;
    while (i + 1 < lines.length) {
      const next = lines[i + 1]!;
      const item = itemAt(next);
      if (item === null) break;
      if (indent !== -1 && item.indent !== indent) return null;
      indent = item.indent;
      const value = scalar(next.slice(item.value));
      // A nested list or mapping item (`- - a`, `- [a]`, `- k: v`) is left to `yaml`.
      if (value === REFUSE || Array.isArray(value)) return null;
      items.push(value);
      i++;
    }
    out[name] = indent === -1 ? null : items;
  }
  return keys === 0 ? null : out;
}
