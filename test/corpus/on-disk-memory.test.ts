/**
 * A corpus kept on disk holds no file text in memory. Strings the YAML parser
 * and the markdown reader cut out of a file (a title, a tag, a uri) can share
 * the file's storage and keep all of it alive; a 10k-document corpus held
 * 250 MB of text that way after its "text on disk" load. This looks for the
 * text in a heap snapshot of a process that loaded such a corpus: the on-disk
 * load must hold none of it, the resident load (the control, proving the probe
 * sees text when it is there) all of it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const corpusModule = fileURLToPath(new URL("../../src/corpus/index.ts", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A folder of three documents whose bodies (past their first paragraph) carry `marker`. */
function corpusWithMarker(marker: string): string {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-on-disk-memory-"));
  dirs.push(dir);
  for (const name of ["alpha", "beta", "gamma"]) {
    const filler = Array.from({ length: 400 }, (_, i) => `Line ${i} of ${name}: ${marker}.`).join("\n");
    writeFileSync(
      join(dir, `${name}.md`),
      [
        "---",
        `title: "The ${name} note"`,
        `uri: klappy://notes/${name}`,
        "tags: [memory, test]",
        "date: 2026-05-01",
        "---",
        `# ${name}`,
        "",
        `> What ${name} is about.`,
        "",
        `First paragraph of ${name}.`,
        "",
        filler,
        "",
      ].join("\n"),
    );
  }
  return dir;
}

/**
 * Load `dir` in a fresh process and write a heap snapshot of it; the snapshot is searched
 * here, so the loading process never holds the marker except through the files it read.
 */
function textInHeap(
  dir: string,
  marker: string,
  residentTextBytes: number,
): { found: boolean; titles: string[] } {
  const snapshot = join(dir, "heap.heapsnapshot");
  const script = `
    import { writeHeapSnapshot } from "node:v8";
    const { loadCorpus } = await import(${JSON.stringify(corpusModule)});
    const corpus = await loadCorpus(${JSON.stringify(dir)}, { residentTextBytes: ${residentTextBytes} });
    globalThis.gc();
    writeHeapSnapshot(${JSON.stringify(snapshot)});
    process.stdout.write(JSON.stringify(corpus.documents.map((d) => d.title)));
  `;
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  const found = readFileSync(snapshot, "utf8").includes(marker);
  rmSync(snapshot);
  return { found, titles: JSON.parse(out) as string[] };
}

describe("a corpus whose text is kept on disk", () => {
  const marker = "QZXV-ONDISK-TEXT-PROBE";

  it("keeps no file text in the heap (fields are copies, not slices of the text)", () => {
    const dir = corpusWithMarker(marker);
    const onDisk = textInHeap(dir, marker, 0);
    expect(onDisk.titles).toEqual(["The alpha note", "The beta note", "The gamma note"]);
    expect(onDisk.found).toBe(false);
  }, 60_000);

  it("control: a resident corpus holds the text, so the probe sees text when it is there", () => {
    const dir = corpusWithMarker(marker);
    expect(textInHeap(dir, marker, Number.MAX_SAFE_INTEGER).found).toBe(true);
  }, 60_000);
});
