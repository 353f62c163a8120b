/**
 * The decisions table of docs/codemods.md, from codemods/migrate/decisions.ts.
 *   npx tsx scripts/gen-decisions-doc.ts          # rewrite the table in place
 *   npx tsx scripts/gen-decisions-doc.ts --check  # exit 1 if the committed table differs
 */
import { readFileSync, writeFileSync } from "node:fs";
import { decisionsTable } from "../codemods/migrate/decisions.js";

const FILE = new URL("../docs/codemods.md", import.meta.url);
const START = "<!-- decisions-table:start -->";
const END = "<!-- decisions-table:end -->";

/** docs/codemods.md with the table between its markers made anew. */
export function withDecisionsTable(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/codemods.md has no ${START} … ${END} markers`);
  return `${text.slice(0, start + START.length)}\n${decisionsTable()}\n${text.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = readFileSync(FILE, "utf8");
  const next = withDecisionsTable(text);
  if (process.argv.includes("--check")) {
    if (next !== text) {
      console.error(
        "docs/codemods.md: the decisions table is stale; run npx tsx scripts/gen-decisions-doc.ts",
      );
      process.exit(1);
    }
  } else writeFileSync(FILE, next);
}
