/**
 * A second `migrate` over its own output changes nothing and adds no marker, on
 * the whole real-world corpus (a date listing the first run moved to the contract
 * was flagged again on every later run).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../../codemods/migrate/run.js";
import { ROOT } from "../support/doc-examples.js";

const work = mkdtempSync(join(tmpdir(), "oddkit-second-run-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("migrate twice over the real-world corpus", () => {
  it("the second run changes no file and leaves the same markers", async () => {
    cpSync(join(ROOT, "codemods/__realworld__"), work, { recursive: true });
    const first = await migrate({ paths: [work], cwd: work, poolMode: "in-process" });
    expect(first.summary.files.changed).toBeGreaterThan(0);
    const texts = new Map(first.summary.changedFiles.map((f) => [f, readFileSync(join(work, f), "utf8")]));
    const second = await migrate({ paths: [work], cwd: work, poolMode: "in-process" });
    expect(second.summary.changedFiles).toEqual([]);
    expect(second.summary.todos).toEqual(first.summary.todos);
    for (const [file, text] of texts) expect(readFileSync(join(work, file), "utf8"), file).toBe(text);
  });
});
