/**
 * Calls held as data are found and flagged, never rewritten: a request
 * written inside a string (the `<script>` of a page a worker serves, an
 * embeddable snippet) and a legacy reply written as an object literal (a
 * test's fake server answer). One marker on the statement holding each; a
 * second run adds none.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSites } from "../../codemods/migrate/engine.js";
import { migrate } from "../../codemods/migrate/run.js";

const PAGE = `const PAGE = \`<script>
  fetch("/mcp", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
    params: { name: "oddkit_search", arguments: { input: q } } }) })
    .then((r) => r.json()).then((rpc) => show(JSON.parse(rpc.result.content[0].text).result.hits));
</script>\`;
export default { fetch: () => new Response(PAGE) };
`;

const SNIPPET = `export const snippet = (n: number) => \`<script type="module">
  const res = await fetch("https://oddkit.klappy.dev/mcp", { method: "POST", body: JSON.stringify({
    jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 'oddkit_catalog', arguments: { limit: \${n} } } }) });
</script>\`;
`;

const FIXTURE = `export const found = {
  action: "search",
  result: { status: "FOUND", hits: [{ uri: "klappy://a", path: "a.md", title: "A", score: 1 }], docs_considered: 3 },
};
export const page = { result: { articles: [], pagination: { offset: 0, limit: 10, total_candidates: 0, has_more: false } } };
`;

async function migrated(name: string, text: string) {
  const cwd = mkdtempSync(join(tmpdir(), "oddkit-held-"));
  const path = join(cwd, name);
  writeFileSync(path, text);
  await migrate({ paths: [cwd], cwd, poolMode: "in-process" });
  const once = readFileSync(path, "utf8");
  await migrate({ paths: [cwd], cwd, poolMode: "in-process" });
  const twice = readFileSync(path, "utf8");
  return {
    once,
    twice,
    unmigrated: checkSites(cwd, new Map([[path, twice]])).filter((s) => s.status === "unmigrated"),
  };
}

const todos = (text: string) => text.split("TODO(oddkit-migrate)").length - 1;

describe("calls held as data", () => {
  it.each([
    ["a page's <script> in a template string", "worker.ts", PAGE, 1],
    ["an embeddable snippet with a substitution", "embed.ts", SNIPPET, 1],
    ["legacy replies as fixtures", "fixtures.ts", FIXTURE, 2],
  ])(
    "%s: flagged once per statement, the text itself untouched",
    async (_what, name, text, markers) => {
      const { once, twice, unmigrated } = await migrated(name, text);
      expect(todos(once)).toBe(markers);
      expect(once.replace(/^\s*\/\/ TODO\(oddkit-migrate\).*\n/gm, "")).toBe(text);
      expect(twice).toBe(once);
      expect(unmigrated).toEqual([]);
    },
    60_000,
  );
});
