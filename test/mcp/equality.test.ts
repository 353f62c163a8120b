/**
 * End to end: every file of the real-world corpus through `migrate_file`
 * (its app folder's other files as neighbours) gives byte for byte what
 * `migrate` writes for it over the app folder in place (a dry run), with no
 * decisions and with `--decide recommended`; the neighbours it reports
 * rewritten are what `migrate` writes for them too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrateFileResult } from "../../codemods/mcp/index.js";
import { parseDecide } from "../../codemods/migrate/decisions.js";
import { displayPath } from "../../codemods/migrate/files.js";
import { migrate } from "../../codemods/migrate/run.js";
import { CORPUS, callTool, connectInMemory, corpusApps } from "./support.js";

const APPS = corpusApps();
/** Apps holding a legacy file (the manifest expects it migrated or flagged): their runs must rewrite something. */
const LEGACY_APPS = new Set(
  Object.entries(
    (
      JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8")) as {
        files: Record<string, { expect: string }>;
      }
    ).files,
  )
    .filter(([, f]) => f.expect === "fully-migrated" || f.expect === "flagged")
    .map(([path]) => path.split("/")[0] as string),
);
let client: Client;
beforeAll(async () => {
  client = await connectInMemory();
});
afterAll(() => client.close());

/** What `migrate` writes for each file of the app (its own text when it writes nothing). */
async function written(app: string, decided: boolean): Promise<Map<string, string>> {
  const dir = join(CORPUS, app);
  const { outcomes } = await migrate({
    paths: [dir],
    cwd: CORPUS,
    dry: true,
    poolMode: "in-process",
    ...(decided ? { decisions: parseDecide("recommended") } : {}),
  });
  const files = APPS.find((a) => a.app === app)!.files;
  const out = new Map(files.map((f) => [f.path, f.text]));
  for (const o of outcomes)
    if (o.status === "changed" && o.after !== undefined) out.set(displayPath(o.file, dir), o.after);
  return out;
}

describe.each([
  ["no decisions", false],
  ["--decide recommended", true],
] as const)("migrate_file equals migrate on the whole corpus (%s)", (_, decided) => {
  it("covers every app and every file of the corpus", () => {
    expect(APPS.length).toBeGreaterThanOrEqual(14);
    expect(APPS.flatMap((a) => a.files).length).toBeGreaterThanOrEqual(45);
  });

  it.each(APPS.map((a) => [a.app] as const))(
    "%s",
    async (app) => {
      const { files } = APPS.find((a) => a.app === app)!;
      const expected = await written(app, decided);
      let changed = 0;
      for (const file of files) {
        const result = await callTool<MigrateFileResult>(client, "migrate_file", {
          path: file.path,
          text: file.text,
          neighbours: files.filter((f) => f !== file),
          ...(decided ? { decisions: "recommended" } : {}),
        });
        expect(result.text, `${app}/${file.path}`).toBe(expected.get(file.path));
        expect(result.changed).toBe(result.text !== file.text);
        for (const n of result.neighbours)
          expect(n.text, `${app}/${n.path} (neighbour)`).toBe(expected.get(n.path));
        if (result.changed) changed++;
      }
      // The equality is not a run of no-ops: the corpus's legacy apps are rewritten.
      if (LEGACY_APPS.has(app)) expect(changed, app).toBeGreaterThan(0);
    },
    300_000,
  );
});
