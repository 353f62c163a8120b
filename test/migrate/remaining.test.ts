/**
 * What a remaining marker and the summary say: each read of a call kept on
 * the legacy envelope names the decision that lifts it (or says this version
 * does not rewrite its shape), and the summary groups the remaining work by
 * decision with the command that lifts it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summaryMarkdown, summaryText } from "../../codemods/migrate/report.js";
import { migrate } from "../../codemods/migrate/run.js";
import { liftHint, siteNeed } from "../../codemods/migrate/site-need.js";

const ARTICLE = `async function tool(name, args) {
  const res = await fetch("https://oddkit.example/mcp", {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
export async function article(uri) {
  const doc = await tool("oddkit_get", { input: uri });
  if (doc.error) return null;
  return { markdown: doc.content, source: doc.path };
}
export async function sitemap() {
  const catalog = await tool("oddkit_catalog", { sort_by: "path", limit: 500 });
  return catalog.articles.map((a) => a.uri);
}
`;

async function run(decide?: string) {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-remaining-"));
  writeFileSync(join(dir, "site.mjs"), ARTICLE);
  const { parseDecide } = await import("../../codemods/migrate/decisions.js");
  return migrate({
    paths: [dir],
    cwd: dir,
    dry: true,
    concurrency: 1,
    ...(decide ? { decisions: parseDecide(decide) } : {}),
  });
}

describe("remaining markers and the summary name what lifts them", () => {
  it("a read a decision lifts names the --decide that lifts it", () => {
    expect(liftHint("get", "result.content")).toContain("`--decide content=body`");
    expect(liftHint("get", "result.path")).toContain("`--decide paths=uri`");
    expect(siteNeed({ kind: "read", what: "result.content_hash", action: "get", reason: "" })).toBe("hash");
  });

  it("a read this version does not rewrite under its decision says so, and to move it by hand", () => {
    const hint = liftHint("catalog", "result.articles");
    expect(hint).toContain("`order` decision");
    expect(hint).toContain("does not apply to this shape yet");
  });

  it("the summary groups the remaining sites by decision, with the command for the liftable ones", async () => {
    const { summary } = await run();
    const text = summaryText(summary);
    expect(text).toContain("remaining sites by what lifts them:");
    expect(text).toContain("1 site(s) need `content`: run with `--decide content=body`");
    expect(text).toContain("1 site(s) need `paths`: run with `--decide paths=uri`");
    expect(text).toMatch(
      /site\(s\) wait on `order` \(recommended: resort\), which this version does not apply/,
    );
    expect(summaryMarkdown(summary)).toContain("### Remaining sites by what lifts them");
  });

  it("with the get's decisions taken, only the catalog's wait remains", async () => {
    const { summary } = await run("content=body,paths=uri,errors=contract");
    const text = summaryText(summary);
    expect(text).not.toContain("need `content`");
    expect(text).not.toContain("need `paths`");
    expect(text).toContain("wait on `order`");
  });
});
