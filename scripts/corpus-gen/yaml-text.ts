/**
 * Frontmatter text written the way people write it by hand (plain scalars,
 * inline tag lists, indented block lists), plus the real-world oddities the
 * reference knowledge base contains.
 */

export type YamlStyle =
  /** Ordinary, valid YAML. */
  | "plain"
  /** Valid YAML with block-list items written at the left margin under `tags:`. */
  | "tags-unindented"
  /** Deliberately broken: the title's double quote is never closed. */
  | "broken-quote"
  /** Deliberately broken: `tags:` left empty, its `- items` written after the other keys. */
  | "broken-tags-after-keys";

export type FieldValue = string | number | boolean | readonly string[] | { readonly raw: string };

const PLAIN = /^[A-Za-z0-9][A-Za-z0-9 _.,'()/&+?!:-]*$/;
const LOOKS_TYPED = /^(?:true|false|null|~|yes|no|on|off|[-+]?[\d.]+(?:e\d+)?)$/i;

function scalar(value: string | number | boolean, inFlow = false): string {
  if (typeof value !== "string") return String(value);
  const safe =
    PLAIN.test(value) &&
    !LOOKS_TYPED.test(value) &&
    !value.endsWith(" ") &&
    !value.endsWith(":") &&
    !value.includes(": ");
  if (safe && !(inFlow && value.includes(","))) return value;
  return JSON.stringify(value);
}

function isFlowSafe(items: readonly string[]): boolean {
  return items.every((item) => PLAIN.test(item) && !item.includes(",") && !item.includes(":"));
}

export interface EmitOptions {
  readonly style: YamlStyle;
  /** Write `tags` as `[a, b]` rather than a block list. */
  readonly inlineTags: boolean;
}

export function emitFrontmatter(
  fields: readonly (readonly [string, FieldValue])[],
  options: EmitOptions,
): string {
  const lines: string[] = [];
  let trailingTags: readonly string[] = [];
  for (const [key, value] of fields) {
    if (typeof value === "object" && !Array.isArray(value)) {
      lines.push(`${key}: ${(value as { raw: string }).raw}`);
    } else if (Array.isArray(value)) {
      const items = value as readonly string[];
      if (key === "tags" && options.style === "broken-tags-after-keys") {
        lines.push("tags:");
        trailingTags = items;
      } else if (trailingTags.length > 0) {
        // A block list here would be the last empty key and take the trailing tag items; keep it on one line.
        lines.push(`${key}: [${items.map((item) => JSON.stringify(item)).join(", ")}]`);
      } else if (key === "tags" && options.inlineTags && isFlowSafe(items)) {
        lines.push(`tags: [${items.join(", ")}]`);
      } else {
        const indent = key === "tags" && options.style === "tags-unindented" ? "" : "  ";
        lines.push(`${key}:`);
        for (const item of items) lines.push(`${indent}- ${scalar(item)}`);
      }
    } else if (key === "title" && options.style === "broken-quote") {
      lines.push(`title: "${String(value)}`);
    } else {
      lines.push(`${key}: ${scalar(value as string | number | boolean)}`);
    }
  }
  for (const item of trailingTags) lines.push(`- ${item}`);
  return `---\n${lines.join("\n")}\n---\n`;
}
