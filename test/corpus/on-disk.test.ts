/**
 * Documents kept on disk (corpus/on-disk.ts): a corpus past
 * `residentTextBytes` serves exactly what a resident one serves, reads each
 * document's text on demand, and refuses — naming the file — a file changed,
 * removed or swapped for a link since the load, rather than answering with
 * text its index and content hash do not describe.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CorpusFileChangedError,
  loadCorpus,
  OnDiskDocument,
  sampleCorpusDir,
} from "../../src/corpus/index.js";
import type { CorpusDocument } from "../../src/corpus/types.js";
import { createReferenceServer } from "../../src/server/index.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function copyOfSample(): string {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-on-disk-"));
  dirs.push(dir);
  cpSync(sampleCorpusDir(), dir, { recursive: true });
  return dir;
}
const plain = (d: CorpusDocument) => ({ ...d, raw: d.raw, body: d.body });

describe("a corpus past residentTextBytes", () => {
  it("keeps small corpora resident by default, and large ones (here: limit 0) on disk", async () => {
    const dir = copyOfSample();
    const resident = await loadCorpus(dir);
    expect(resident.documents.some((d) => d instanceof OnDiskDocument)).toBe(false);
    const onDisk = await loadCorpus(dir, { residentTextBytes: 0 });
    expect(onDisk.documents.length).toBeGreaterThan(500);
    expect(onDisk.documents.every((d) => d instanceof OnDiskDocument)).toBe(true);
  });

  it("switches to disk part-way through the load: every document, not only the later ones", async () => {
    const dir = copyOfSample();
    const corpus = await loadCorpus(dir, { residentTextBytes: 100_000 });
    expect(corpus.documents.every((d) => d instanceof OnDiskDocument)).toBe(true);
  });

  it("has the same documents, fields and text as the resident load", async () => {
    const dir = copyOfSample();
    const resident = await loadCorpus(dir, { residentTextBytes: Number.POSITIVE_INFINITY });
    const onDisk = await loadCorpus(dir, { residentTextBytes: 0 });
    expect(onDisk.documents.map(plain)).toEqual(resident.documents.map(plain));
    expect(onDisk.revision).toBe(resident.revision);
    expect(onDisk.warnings).toEqual(resident.warnings);
    expect(onDisk.skipped).toEqual(resident.skipped);
    expect(JSON.parse(JSON.stringify(onDisk.documents[0]))).toEqual(
      JSON.parse(JSON.stringify(resident.documents[0])),
    );
  });

  it("serves the same answers (search, catalog, preflight, get with body, legacy get and search)", async () => {
    const dir = copyOfSample();
    const calls: [string, Record<string, unknown>][] = [
      ["oddkit_search", { input: "contract caching", limit: 20, disclosure: ["metadata"] }],
      ["oddkit_catalog", { limit: 25, disclosure: ["blockquote", "summary"] }],
      ["oddkit_preflight", { input: "write an essay" }],
    ];
    const answers = async (residentTextBytes: number) => {
      const corpus = await loadCorpus(dir, { residentTextBytes });
      const server = await createReferenceServer({ corpus });
      const legacy = await createReferenceServer({ corpus, mode: "legacy" });
      const uri = corpus.documents[7]!.uri;
      const out = [];
      for (const [tool, args] of calls) out.push(await server.callTool(tool, args));
      out.push(await server.callTool("oddkit_get", { input: uri, disclosure: ["body"] }));
      out.push(await legacy.callTool("oddkit_get", { input: corpus.documents[7]!.path }));
      out.push(await legacy.callTool("oddkit_search", { input: "contract" }));
      await server.close();
      await legacy.close();
      // The clock fields (server_time, durations, at any depth) vary between runs; nothing else may.
      const CLOCK = new Set(["server_time", "duration_ms", "generated_at", "timestamp"]);
      return out.map((r) =>
        JSON.parse((r.content as { text: string }[])[0]!.text, (key, value) =>
          CLOCK.has(key) ? undefined : value,
        ),
      );
    };
    expect(await answers(0)).toEqual(await answers(Number.POSITIVE_INFINITY));
  });

  it("refuses a file changed, removed or swapped for a link since the load, naming it", async () => {
    const dir = copyOfSample();
    const corpus = await loadCorpus(dir, { residentTextBytes: 0 });
    const [a, b, c] = corpus.documents.slice(0, 3) as [CorpusDocument, CorpusDocument, CorpusDocument];
    expect(a.body.length).toBeGreaterThan(0);
    writeFileSync(join(dir, a.path), `${a.raw}\nedited after the load\n`);
    expect(() => a.body).toThrow(CorpusFileChangedError);
    expect(() => a.raw).toThrow(
      new RegExp(`${a.path.replace(/[.]/g, "\\.")} changed since the corpus was loaded`),
    );
    unlinkSync(join(dir, b.path));
    expect(() => b.raw).toThrow(/was removed since/);
    const target = join(dir, "elsewhere.txt");
    writeFileSync(target, c.raw);
    unlinkSync(join(dir, c.path));
    symlinkSync(target, join(dir, c.path));
    expect(() => c.raw).toThrow(/symbolic link/);
  });

  it("refuses a negative or non-numeric limit", async () => {
    const dir = copyOfSample();
    await expect(loadCorpus(dir, { residentTextBytes: -1 })).rejects.toThrow(/residentTextBytes/);
    await expect(loadCorpus(dir, { residentTextBytes: Number.NaN })).rejects.toThrow(/residentTextBytes/);
  });
});
