/**
 * The frontmatter fast path as it was before it stopped making a string copy,
 * regex match arrays and trimmed copies per line (src/corpus/frontmatter-fast.ts
 * at 4381bf9, kept verbatim below this header): test/corpus/frontmatter-fast.test.ts
 * holds the current one to it, answers and refusals alike.
 */

/** A top-level key line: a plain word key, `:`, then nothing or a space and the value. */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
/** A block list item: indentation, `- `, the value. */
const ITEM_LINE = /^( *)- +(.*)$/;
/** Characters the subset accepts anywhere: printable ASCII and BMP text, no controls, tabs, surrogates or BOM. */
const SAFE_TEXT = /^[\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*$/;
/** First characters of a plain scalar that YAML reads as an indicator (or that this path leaves to `yaml`). */
const PLAIN_FIRST_REFUSED = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);
/** YAML 1.2 core-schema tests (as `yaml` applies them to plain scalars, first match wins). */
const CORE_NULL = /^(?:~|[Nn]ull|NULL)?$/;
const CORE_BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const CORE_INT = /^[-+]?[0-9]+$/;
/** Other core-schema scalars (octal, hex, floats, infinities, NaN): left to `yaml`. */
const CORE_OTHER =
  /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;
/** YAML's white space is the space and the tab (no tabs get here): JS's trim would also take U+00A0 and friends. */
const trimStart = (s: string) => s.replace(/^ +/, "");
const trimEnd = (s: string) => s.replace(/ +$/, "");
const trimSpaces = (s: string) => trimEnd(trimStart(s));

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
  if (CORE_NULL.test(text)) return null;
  if (CORE_BOOL.test(text)) return text[0] === "t" || text[0] === "T";
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

/**
 * The mapping `yaml` would make of this frontmatter, when it is in the subset; null otherwise
 * (parse it with `yaml`, which also reports the problems of YAML that does not parse).
 */
export function fastFrontmatter(yaml: string): Record<string, unknown> | null {
  if (!SAFE_TEXT.test(yaml.replaceAll("\n", " "))) return null;
  const out: Record<string, unknown> = {};
  const lines = yaml.split("\n");
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    if (line.length > MAX_LINE) return null;
    const key = KEY_LINE.exec(line);
    if (key === null) return null;
    const name = key[1]!;
    if (Object.hasOwn(out, name) || name === "__proto__" || plain(name, false) !== name) return null;
    const rest = key[2] ?? "";
    keys++;
    if (trimEnd(rest) !== "") {
      const value = scalar(rest);
      if (value === REFUSE) return null;
      out[name] = value;
      continue;
    }
    // An empty value: a block list of scalars when `- ` lines follow (one indentation), else null.
    const items: unknown[] = [];
    let indent: string | null = null;
    while (i + 1 < lines.length) {
      const item = ITEM_LINE.exec(lines[i + 1]!);
      if (item === null) break;
      if (indent !== null && item[1] !== indent) return null;
      indent = item[1]!;
      const value = scalar(item[2]!);
      // A nested list or mapping item (`- - a`, `- [a]`, `- k: v`) is left to `yaml`.
      if (value === REFUSE || Array.isArray(value)) return null;
      items.push(value);
      i++;
    }
    out[name] = indent === null ? null : items;
  }
  return keys === 0 ? null : out;
}
