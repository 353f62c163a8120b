/**
 * The 0.28.x server's own frontmatter reader, reproduced for the legacy
 * builders only (the contract side keeps the real YAML parser). Legacy
 * callers stored what this reader returned, so legacy mode must return the
 * same values, including where it differs from YAML:
 *
 * - a value is read from its own line only: a flow map (`{a: b}`) stays the
 *   text `"{a: b}"`, a multi-line plain scalar keeps its first line, a block
 *   scalar indicator (`>`, `|`) is the value itself;
 * - a flow sequence is split at every comma, inside nested brackets or
 *   quotes too (`[{claim: x, source: y}]` → `["{claim: x", "source: y}"]`);
 * - an indented continuation line that contains a colon becomes a key of
 *   its own; one without a colon is dropped;
 * - scalars: `"…"`/`'…'` lose their outer quotes (no escapes), `true`,
 *   `false`, `null`, `~`, integers and decimals convert, anything else
 *   (dates included) stays text; no comment stripping after a value;
 * - a key with an empty value and nothing indented under it is absent;
 * - block lists take `- item` lines; an item followed by deeper lines is a
 *   map of its `key: value` lines; maps nest by indentation.
 *
 * Written from the observed behaviour of klappy/oddkit
 * workers/src/zip-baseline-fetcher.ts at 0.28.x (facts, not code).
 */

/** The frontmatter block as the legacy server finds it: `---\n` at the very start, up to `\n---`. */
const BLOCK = /^---\n([\s\S]*?)\n---/;

function indentOf(line: string): number {
  return line.search(/\S/);
}

function isBlankOrComment(trimmed: string): boolean {
  return trimmed === "" || trimmed.startsWith("#");
}

/** One scalar as the legacy reader converts it. */
export function legacyScalar(raw: string): unknown {
  if (raw === "") return "";
  const quoted =
    raw.length >= 1 &&
    ((raw.startsWith('"') && raw.endsWith('"')) || (raw.startsWith("'") && raw.endsWith("'")));
  if (quoted) return raw.slice(1, -1);
  switch (raw) {
    case "true":
      return true;
    case "false":
      return false;
    case "null":
    case "~":
      return null;
  }
  if (/^-?\d+$/.test(raw)) return Number.parseInt(raw, 10);
  if (/^-?\d+\.\d+$/.test(raw)) return Number.parseFloat(raw);
  return raw;
}

/** `[a, b]` split at every comma between the `[` and the last `]`. */
function inlineList(raw: string): unknown[] {
  const inner = raw.slice(1, raw.lastIndexOf("]")).trim();
  return inner === "" ? [] : inner.split(",").map((item) => legacyScalar(item.trim()));
}

/** `key: value` split at the first colon; null when there is no colon or no key. */
function keyValue(text: string): { key: string; value: string } | null {
  const colon = text.indexOf(":");
  if (colon === -1) return null;
  const key = text.slice(0, colon).trim();
  return key === "" ? null : { key, value: text.slice(colon + 1).trim() };
}

function blockList(lines: readonly string[]): unknown[] {
  const items: unknown[] = [];
  let i = 0;
  while (i < lines.length) {
    const trimmed = lines[i]!.trim();
    if (!trimmed.startsWith("- ")) {
      i++;
      continue;
    }
    const value = trimmed.slice(2).trim();
    const itemIndent = indentOf(lines[i]!);
    const props: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const next = lines[j]!;
      const nextTrimmed = next.trim();
      if (nextTrimmed === "" || nextTrimmed.startsWith("- ") || indentOf(next) <= itemIndent) break;
      props.push(nextTrimmed);
    }
    if (props.length === 0) {
      items.push(legacyScalar(value));
      i++;
      continue;
    }
    const map: Record<string, unknown> = {};
    for (const text of [value, ...props]) {
      const kv = keyValue(text);
      if (kv) map[kv.key] = legacyScalar(kv.value);
    }
    items.push(map);
    i = j;
  }
  return items;
}

/** The value of a key written with nothing after its colon: the lines under it, or absent. */
function nestedValue(lines: readonly string[]): unknown {
  if (lines.length === 0) return undefined;
  return lines[0]!.trim().startsWith("- ") ? blockList(lines) : blockMap(lines);
}

function lineValue(raw: string): unknown {
  return raw.startsWith("[") ? inlineList(raw) : legacyScalar(raw);
}

function blockMap(lines: readonly string[]): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  if (lines.length === 0) return map;
  const base = indentOf(lines[0]!);
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (isBlankOrComment(trimmed)) {
      i++;
      continue;
    }
    const indent = indentOf(line);
    if (indent > base) {
      i++;
      continue;
    }
    if (indent < base) break;
    const kv = keyValue(trimmed);
    i++;
    if (!kv) continue;
    if (kv.value !== "") {
      map[kv.key] = lineValue(kv.value);
      continue;
    }
    const [nested, end] = nestedLines(lines, i, (next) => indentOf(next) > base);
    i = end;
    const value = nestedValue(nested);
    if (value !== undefined) map[kv.key] = value;
  }
  return map;
}

/**
 * The lines under a key from `start`: blank and comment lines skipped, up to
 * the first line that is not a child. Returns them and where reading stopped.
 */
function nestedLines(
  lines: readonly string[],
  start: number,
  isChild: (line: string) => boolean,
): [string[], number] {
  const nested: string[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const next = lines[i]!;
    const nextTrimmed = next.trim();
    if (nextTrimmed === "") continue;
    if (!isChild(next)) break;
    if (nextTrimmed.startsWith("#")) continue;
    nested.push(next);
  }
  return [nested, i];
}

/**
 * The whole frontmatter as 0.28.x reads it (`parseFullFrontmatter`): null
 * when the file has no block or the block yields no key. This is what its
 * `get` and search hits return as `metadata`.
 */
export function readLegacyFrontmatter(raw: string): Record<string, unknown> | null {
  const block = BLOCK.exec(raw);
  if (!block) return null;
  const lines = block[1]!.split("\n");
  const out: Record<string, unknown> = {};
  let i = 0;
  while (i < lines.length) {
    const trimmed = lines[i]!.trim();
    i++;
    if (isBlankOrComment(trimmed)) continue;
    const kv = keyValue(trimmed);
    if (!kv) continue;
    if (kv.value !== "") {
      out[kv.key] = lineValue(kv.value);
      continue;
    }
    // The top level takes as nested only lines indented by two spaces or a tab.
    const [nested, end] = nestedLines(lines, i, (next) => next.startsWith("  ") || next.startsWith("\t"));
    i = end;
    const value = nestedValue(nested);
    if (value !== undefined) out[kv.key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Fields the legacy index keeps as text whatever their YAML type. */
const TEXT_FIELDS = ["title", "intent", "authority_band", "uri", "exposure"] as const;

/**
 * The frontmatter the legacy index stores per document (its catalog
 * `metadata`): the whole reading with the text fields turned to text and
 * `tags` to a list of text; `{}` when there is none.
 */
export function readLegacyIndexFrontmatter(raw: string): Record<string, unknown> {
  const full = readLegacyFrontmatter(raw);
  if (!full) return {};
  const out: Record<string, unknown> = { ...full };
  for (const key of TEXT_FIELDS) {
    const value = out[key];
    if (value !== undefined && value !== null && typeof value !== "string") out[key] = String(value);
  }
  if (typeof out.tags === "string") out.tags = [out.tags];
  else if (Array.isArray(out.tags)) out.tags = out.tags.map((t) => String(t));
  return out;
}

/**
 * 0.28.x's content hash: a 31-bit string hash (h = h·31 + code unit, kept
 * to 32 bits, absolute value) in base 36. Legacy callers that stored hashes
 * compare against these values.
 */
export function legacyContentHash(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return Math.abs(hash).toString(36);
}
