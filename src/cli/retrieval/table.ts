/**
 * The readable (non `--json`) output of the retrieval verbs: a header saying
 * what was asked and what came back, then one row per entry with `uri`,
 * `title` and every disclosed or action-native field. Long values are cut for
 * display only, and the header says so; `--json` prints them whole.
 */

import type { Action, Flag } from "../../contract/index.js";
import { allowedEntryFields } from "../../contract/index.js";

/** Display width of a cell before it is cut (uri and title get more room). */
const WIDTH: Readonly<Record<string, number>> = { uri: 56, title: 48 };
const DEFAULT_WIDTH = 36;

export interface TableInput {
  readonly action: Action;
  /** The result as the library returns it (contract result + meta, or a helper's collected pages). */
  readonly result: Readonly<Record<string, unknown>>;
  /** Disclosure of the entries when the result does not echo it (collected pages). */
  readonly flags?: readonly Flag[];
}

function cell(value: unknown): string {
  if (value === undefined) return "";
  if (value === null) return "null";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string, width: number): { text: string; cut: boolean } {
  if (text.length <= width) return { text, cut: false };
  return { text: `${text.slice(0, width - 1)}…`, cut: true };
}

function header(
  action: Action,
  result: Readonly<Record<string, unknown>>,
  flags: readonly Flag[],
  rows: number,
): string[] {
  const lines: string[] = [];
  const what = [result.status ? `${action}: ${result.status}` : action];
  if (typeof result.total === "number" && typeof result.limit !== "number") {
    what.push(`${rows} of ${result.total}, every page`);
  } else if (typeof result.total === "number") {
    what.push(`${rows} of ${result.total} (offset ${result.offset}, limit ${result.limit})`);
  }
  what.push(`disclosure [${flags.join(", ")}]`);
  lines.push(what.join(" · "));
  if (result.filters_applied) lines.push(`filters applied: ${JSON.stringify(result.filters_applied)}`);
  return lines;
}

function footer(result: Readonly<Record<string, unknown>>): string | null {
  const meta = result.meta as { bytes?: number; tokens?: number | null; durationMs?: number } | undefined;
  if (!meta) return null;
  const tokens = meta.tokens === null || meta.tokens === undefined ? "not counted" : String(meta.tokens);
  return `response: ${meta.bytes ?? "?"} bytes, ${tokens} cl100k tokens, ${Math.round(meta.durationMs ?? 0)} ms`;
}

/** Render a result as a text table. */
export function renderTable({ action, result, flags: given }: TableInput): string {
  const flags = (result.disclosure_applied as Flag[] | undefined) ?? given ?? [];
  const columns = allowedEntryFields(action, flags);
  const data = result.data;
  const entries = (Array.isArray(data) ? data : data ? [data] : []) as Record<string, unknown>[];
  let anyCut = false;
  const rows = entries.map((entry) =>
    columns.map((column) => {
      const c = cut(cell(entry[column]), WIDTH[column] ?? DEFAULT_WIDTH);
      anyCut ||= c.cut;
      return c.text;
    }),
  );
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const out = header(action, result, flags, entries.length);
  out.push(
    anyCut
      ? "long values are cut with … for display only; --json prints every value whole"
      : "all values shown whole (--json prints the raw result)",
  );
  out.push("");
  out.push(line(columns.map((c) => c.toUpperCase())));
  for (const r of rows) out.push(line(r));
  if (entries.length === 0) out.push("(no entries)");
  const foot = footer(result);
  if (foot) out.push("", foot);
  return `${out.join("\n")}\n`;
}
