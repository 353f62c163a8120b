/**
 * Frontmatter: split the leading `---` block off a markdown file and parse it
 * with a real YAML parser. Real knowledge bases contain YAML that does not
 * parse; such a file is still served, with whatever the lenient line reader
 * can recover and a warning that names the line and the parser's complaint.
 */
import { LineCounter, parseDocument, parse as parseYaml } from "yaml";
import { fastFrontmatter } from "./frontmatter-fast.js";

export interface FrontmatterSplit {
  /** The YAML text between the fences, or null when the file has no frontmatter. */
  readonly yaml: string | null;
  /** Markdown after the closing fence (the whole text when there is no frontmatter). */
  readonly body: string;
  /** 1-based file line of the first YAML line (the line after the opening `---`). */
  readonly firstYamlLine: number;
  /** Set when an opening `---` is never closed (the whole file is then treated as body). */
  readonly unclosed: boolean;
}

export interface FrontmatterProblem {
  /** The YAML does not parse (`unparseable`), or parses to something other than a mapping (`not_mapping`). */
  readonly type: "unparseable" | "not_mapping";
  /** 1-based line in the file, when known. */
  readonly line?: number;
  readonly message: string;
}

export interface ParsedFrontmatter {
  readonly data: Record<string, unknown>;
  readonly problems: FrontmatterProblem[];
}

/** Alias references a frontmatter may expand (the yaml library's default bound, made explicit). */
export const MAX_YAML_ALIAS_COUNT = 100;

const OPEN_FENCE = /^---[ \t]*$/;
const CLOSE_FENCE = /^(---|\.\.\.)[ \t]*$/;

/** Split frontmatter from body. Expects `\n` line endings (callers normalise CRLF first). */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const firstBreak = text.indexOf("\n");
  const firstLine = firstBreak === -1 ? text : text.slice(0, firstBreak);
  if (!OPEN_FENCE.test(firstLine) || firstBreak === -1) {
    return { yaml: null, body: text, firstYamlLine: 0, unclosed: false };
  }
  let start = firstBreak + 1;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const line = end === -1 ? text.slice(start) : text.slice(start, end);
    if (CLOSE_FENCE.test(line)) {
      return {
        yaml: text.slice(firstBreak + 1, start),
        body: end === -1 ? "" : text.slice(end + 1),
        firstYamlLine: 2,
        unclosed: false,
      };
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { yaml: null, body: text, firstYamlLine: 0, unclosed: true };
}

/**
 * Parse frontmatter YAML. Valid YAML whose top level is a mapping is returned
 * as is. Anything else yields problems plus the best recovery the line reader
 * can make (never throws).
 */
export function parseFrontmatter(yaml: string, firstYamlLine: number): ParsedFrontmatter {
  // The common shapes (`key: scalar`, flow and block lists) are read without the YAML parser,
  // exactly as it reads them (frontmatter-fast.ts); anything else is the parser's.
  const fast = fastFrontmatter(yaml);
  return fast !== null ? { data: fast, problems: [] } : parseFrontmatterYaml(yaml, firstYamlLine);
}

/** `parseFrontmatter` by the YAML parser alone (what the fast path is held equal to). */
export function parseFrontmatterYaml(yaml: string, firstYamlLine: number): ParsedFrontmatter {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const first = doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
    const pos = lineCounter.linePos(first.pos[0]);
    // The parser reports an unclosed quote where the input ends; point at the line that opened it.
    const quoteLine = first.code === "MISSING_CHAR" ? unclosedQuoteLine(yaml) : null;
    const line = (quoteLine ?? pos.line) + firstYamlLine - 1;
    const where = quoteLine === null ? `line ${line}, column ${pos.col}` : `line ${line}`;
    const more = doc.errors.length > 1 ? ` (and ${doc.errors.length - 1} more YAML errors)` : "";
    return {
      data: readLeniently(yaml),
      problems: [
        {
          type: "unparseable",
          line,
          message: `frontmatter YAML does not parse at ${where}: ${first.message}${more}. Served with the fields that could be read line by line; fix the YAML to serve it whole.`,
        },
      ],
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT });
  } catch (error) {
    // "Excessive alias count" (a billion-laughs bomb, or just many `*ref`s): this document's problem, never the corpus's.
    return {
      data: readLeniently(yaml),
      problems: [
        {
          type: "unparseable",
          line: firstYamlLine,
          message: `frontmatter YAML is not expanded: ${(error as Error).message} (more than ${MAX_YAML_ALIAS_COUNT} alias references are refused, they can expand exponentially). Served with the fields that could be read line by line; write the values out instead of using *aliases.`,
        },
      ],
    };
  }
  if (value === null || value === undefined) return { data: {}, problems: [] };
  if (typeof value !== "object" || Array.isArray(value)) {
    return {
      data: {},
      problems: [
        {
          type: "not_mapping",
          line: firstYamlLine,
          message: `frontmatter is a YAML ${Array.isArray(value) ? "list" : typeof value}, not a mapping of key: value pairs; it is ignored.`,
        },
      ],
    };
  }
  return { data: value as Record<string, unknown>, problems: [] };
}

const KEY_LINE = /^([ \t]*)([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?$/;
const LIST_ITEM = /^[ \t]*-[ \t]+(.*)$/;

/**
 * Recover what a reader would see in YAML the parser rejected:
 * - `key: value` at the left margin is kept; a value that does not parse on
 *   its own is kept as its raw text; the first occurrence of a key wins;
 * - indented `key: value` lines under an empty key become that key's mapping;
 *   indented lines anywhere else are read as top-level keys (bad indentation);
 * - `- item` lines belong to the last key left empty, even when other keys
 *   come between (the `tags:` … `- a` mess seen in real knowledge bases).
 */
export function readLeniently(yaml: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let emptyKey: string | null = null; // last top-level key written with no value
  let inBlock = false; // the previous lines were an empty key and its indented children
  for (const line of yaml.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const item = LIST_ITEM.exec(line);
    if (item) {
      if (emptyKey !== null && (out[emptyKey] === null || Array.isArray(out[emptyKey]))) {
        const list = Array.isArray(out[emptyKey]) ? (out[emptyKey] as unknown[]) : [];
        list.push(scalarOrRaw(item[1]!.trim()));
        out[emptyKey] = list;
      }
      continue;
    }
    const key = KEY_LINE.exec(line);
    if (!key) {
      if (!/^[ \t]/.test(line)) inBlock = false;
      continue;
    }
    const indented = key[1]! !== "";
    const name = key[2]!;
    const rawValue = (key[3] ?? "").trim();
    if (indented && inBlock && emptyKey !== null) {
      const parent = out[emptyKey];
      if (parent === null || (typeof parent === "object" && !Array.isArray(parent))) {
        const mapping = (parent ?? {}) as Record<string, unknown>;
        if (!(name in mapping)) mapping[name] = rawValue === "" ? null : scalarOrRaw(rawValue);
        out[emptyKey] = mapping;
      }
      continue;
    }
    inBlock = false;
    if (name in out) continue;
    if (rawValue === "") {
      out[name] = null;
      emptyKey = name;
      inBlock = true;
    } else {
      out[name] = scalarOrRaw(rawValue);
    }
  }
  return out;
}

function scalarOrRaw(text: string): unknown {
  try {
    const value: unknown = parseYaml(text);
    return value ?? null;
  } catch {
    return stripUnbalancedQuote(text);
  }
}

function stripUnbalancedQuote(text: string): string {
  const first = text[0];
  if ((first === '"' || first === "'") && !text.endsWith(first)) return text.slice(1);
  return text;
}

/** 1-based line (within the YAML) of the first `key: "value` whose quote does not close on its line. */
function unclosedQuoteLine(yaml: string): number | null {
  const lines = yaml.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const value = KEY_LINE.exec(lines[i]!)?.[3]?.trim();
    if (!value) continue;
    const quote = value[0];
    if (quote === '"' && !/^"(?:[^"\\]|\\.)*"/.test(value)) return i + 1;
    if (quote === "'" && !/^'(?:[^']|'')*'/.test(value)) return i + 1;
  }
  return null;
}
