/**
 * The four tools on one Lovable-style edge function of the real-world corpus
 * (get-article: an umbrella `get` reading `content`, `content_hash` and
 * `error`), through the official SDK client in memory: the plan names the
 * decisions and their measured effects, migrate_file under them migrates the
 * file, migrate_check passes on the result and fails on the original, and
 * explain_site shows the code each value makes. Then the root folder input.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ExplainSiteResult,
  MigrateCheckResult,
  MigrateFileResult,
  MigratePlanResult,
} from "../../codemods/mcp/index.js";
import { callTool, connectInMemory, corpusApps } from "./support.js";

const GET_ARTICLE = "supabase/functions/get-article/index.ts";
const lovable = corpusApps().find((a) => a.app === "lovable-edge")!;
const file = lovable.files.find((f) => f.path === GET_ARTICLE)!;

let client: Client;
beforeAll(async () => {
  client = await connectInMemory();
});
afterAll(() => client.close());

describe("plan → decide → migrate_file → check on get-article", () => {
  let plan: MigratePlanResult;
  beforeAll(async () => {
    plan = await callTool<MigratePlanResult>(client, "migrate_plan", { files: [file] });
  }, 120_000);

  it("migrate_plan names the decisions the file needs, measured on the bundled knowledge base", () => {
    expect(plan.knowledgeBase.source).toBe("the bundled sample corpus");
    expect(plan.decisions.map((d) => d.decision)).toEqual(["content", "hash", "errors"]);
    const content = plan.decisions[0]!;
    expect(content).toMatchObject({ recommended: "body", chosen: null });
    expect(content.effect.summary).toMatch(/^\d+ of \d+ documents carry frontmatter/);
    expect(content.sites).toEqual([{ file: GET_ARTICLE, line: 47, what: "result.content" }]);
    expect(plan.sites.every((s) => s.status === "unmigrated")).toBe(true);
    expect(plan.recommended.files).toEqual([
      { file: GET_ARTICLE, outcome: "fully-migrated", changed: true, openSites: 0 },
    ]);
    expect(plan.recommended.remainingByNeed).toEqual([]);
  });

  it("migrate_file without decisions keeps the call on the legacy envelope and lists each read in its marker", async () => {
    const result = await callTool<MigrateFileResult>(client, "migrate_file", { ...file });
    expect(result.status).toBe("flagged");
    expect(result.text).toContain("include_legacy_envelope: true");
    expect(result.markers.map((m) => m.reason)).toContainEqual(
      expect.stringMatching(/^kept on the legacy envelope/),
    );
    expect(result.text).toMatch(/\/\/ {3}- result\.content \(line \d+\): /);
    const content = result.openSites.find((s) => s.what === "result.content")!;
    expect(content).toMatchObject({ need: "content", liftedBy: { content: "body" } });
  });

  it("migrate_file under the plan's decisions migrates the file, and migrate_check passes on it", async () => {
    const decisions = Object.fromEntries(plan.decisions.map((d) => [d.decision, d.recommended]));
    const result = await callTool<MigrateFileResult>(client, "migrate_file", { ...file, decisions });
    expect(result).toMatchObject({ status: "fully-migrated", changed: true, markers: [], openSites: [] });
    expect(result.noNewErrors).toEqual({ verdict: "passed", detail: null });
    expect(result.text).toContain("doc.data.body");
    const after = await callTool<MigrateCheckResult>(client, "migrate_check", {
      files: [{ path: GET_ARTICLE, text: result.text }],
    });
    expect(after).toMatchObject({ passed: true, exitCode: 0, unmigrated: [] });
    const before = await callTool<MigrateCheckResult>(client, "migrate_check", { files: [file] });
    expect(before.passed).toBe(false);
    expect(before.exitCode).toBe(1);
    expect(before.unmigrated.map((s) => s.what)).toContain("result.content");
  });
});

describe("explain_site", () => {
  it("gives the contract rule and the code each value of the decision makes", async () => {
    const result = await callTool<ExplainSiteResult>(client, "explain_site", {
      ...file,
      marker: "//   - result.content_hash (line 47): lifted by `--decide hash=contract`",
    });
    expect(result.site).toMatchObject({ line: 47, what: "result.content_hash", status: "unmigrated" });
    expect(result.need).toBe("hash");
    expect(result.rule).toMatch(/content_hash/);
    expect(result.decision?.values.map((v) => v.value)).toEqual(["contract"]);
    const [none, contract] = result.outcomes;
    expect(none).toMatchObject({ decisions: {}, status: "flagged", file: "flagged" });
    // With no decision the read's own lines stay: it is listed in its call's marker, above the call.
    expect(none!.diff).toBeNull();
    expect(contract).toMatchObject({ status: "rewritten", file: "fully-migrated" });
    expect(contract!.diff).toContain(
      "+  return new Response(JSON.stringify({ markdown: doc.data.body, hash: doc.data.content_hash })",
    );
  }, 120_000);

  it("names the file's sites when the line holds none", async () => {
    const result = await client.callTool({ name: "explain_site", arguments: { ...file, line: 2 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(
      /^McpInputError: no legacy site at line 2 in this file; its sites are \(line what\): 31 oddkit \(get\) call; 40 result\.error/,
    );
  });
});

describe("a server started with a root folder", () => {
  let root: string;
  let rooted: Client;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "oddkit-mcp-root-"));
    await writeFile(join(root, "index.ts"), file.text);
    rooted = await connectInMemory({ root });
  });
  afterAll(async () => {
    await rooted.close();
    await rm(root, { recursive: true, force: true });
  });

  it("checks a folder under it in place, and writes nothing", async () => {
    const result = await callTool<MigrateCheckResult>(rooted, "migrate_check", { folder: "." });
    expect(result.passed).toBe(false);
    expect(result.sites[0]).toMatchObject({ file: "index.ts", line: 31 });
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(join(root, "index.ts"), "utf8")).toBe(file.text);
  });
});
