/**
 * The session history viewer on the bundled sample corpus: the handoffs that
 * keep their path kind (journals) are listed, the ones whose frontmatter
 * overrides it with `kind:` are not. The expectation is counted from the
 * markdown files themselves, not from the loader or the server.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleCorpusDir } from "../../src/corpus/index.js";
import { getSessionHistory } from "../../src/index.js";
import { useReferenceClient } from "../support/reference-client.js";

const reference = useReferenceClient({ corpus: sampleCorpusDir() }, { countTokens: false });

/** Titles (the H1 line) of the handoff files whose frontmatter declares no `kind:`, and of those that do. */
async function handoffsByHand(): Promise<{ keepPathKind: string[]; declareKind: string[] }> {
  const dir = join(sampleCorpusDir(), "odd", "handoffs");
  const keepPathKind: string[] = [];
  const declareKind: string[] = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith(".md")).sort()) {
    const text = await readFile(join(dir, name), "utf8");
    const frontmatter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "";
    const h1 = /^# (.+)$/m.exec(text.slice(frontmatter.length))?.[1];
    if (h1 === undefined) throw new Error(`odd/handoffs/${name} has no H1 to name it by`);
    (/^kind:/m.test(frontmatter) ? declareKind : keepPathKind).push(h1);
  }
  return { keepPathKind, declareKind };
}

describe("getSessionHistory on the bundled sample corpus", () => {
  it("lists every handoff that keeps its path kind, and none that declares kind: docs", async () => {
    const { keepPathKind, declareKind } = await handoffsByHand();
    // A minority of handoffs override (the klappy.dev pattern), so the viewer has something to show.
    expect(declareKind.length).toBeGreaterThan(0);
    expect(keepPathKind.length).toBeGreaterThan(declareKind.length);

    const history = await getSessionHistory(reference.client);
    expect(history.total).toBe(keepPathKind.length);
    expect(history.data.map((e) => e.title).sort()).toEqual([...keepPathKind].sort());
    expect(history.data.every((e) => e.uri.includes("odd/handoffs/"))).toBe(true);
    expect(history.data.some((e) => typeof e.blockquote === "string")).toBe(true);
  });
});
