/**
 * Checked cache files (src/cache-file.ts) written three ways — at once
 * (`writeCheckedFile`), part by part over time (`CheckedFileWriter`, the
 * parse cache during a load) and by the thread pool while this thread hashes
 * (`writeCheckedFileAsync`, the search index cache) — are the same file byte
 * for byte, read back as what was written, and a writer that cannot write
 * leaves nothing under the real name and no temporary file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  CheckedFileWriter,
  readCheckedFile,
  writeCheckedFile,
  writeCheckedFileAsync,
} from "../../src/cache-file.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-cache-file-"));
  dirs.push(dir);
  return dir;
}

const parts = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.integer({ min: 0, max: 1_500_000 }).map((n) => new Uint8Array(n).fill(n & 0xff)),
  ),
  { maxLength: 6 },
);

describe("checked cache files", () => {
  it("are the same bytes written at once, part by part, or by the thread pool", async () => {
    await fc.assert(
      fc.asyncProperty(parts, async (written) => {
        const dir = tempDir();
        const copies = written.map((p) => Uint8Array.from(p));
        expect(writeCheckedFile(join(dir, "once"), written)).toBe(true);
        const writer = CheckedFileWriter.open(join(dir, "stream"))!;
        for (const part of written) expect(writer.write(part)).toBe(true);
        expect(writer.commit()).toBe(true);
        expect(await writeCheckedFileAsync(join(dir, "async"), written)).toBe(true);
        const once = readFileSync(join(dir, "once"));
        expect(readFileSync(join(dir, "stream")).equals(once)).toBe(true);
        expect(readFileSync(join(dir, "async")).equals(once)).toBe(true);
        expect(readCheckedFile(join(dir, "async"))!.equals(Buffer.concat(written))).toBe(true);
        // The parts are left as they were.
        expect(written.every((p, i) => Buffer.from(p).equals(copies[i]!))).toBe(true);
        expect(readdirSync(dir).sort()).toEqual(["async", "once", "stream"]);
      }),
      { numRuns: 25 },
    );
  });

  it("write nothing, and leave no temporary file, where the folder cannot be written", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a-file"), "not a folder");
    const file = join(dir, "a-file", "cache", "x.idx");
    expect(await writeCheckedFileAsync(file, [new Uint8Array(10)])).toBe(false);
    expect(writeCheckedFile(file, [new Uint8Array(10)])).toBe(false);
    expect(CheckedFileWriter.open(file)).toBeNull();
    expect(readdirSync(dir)).toEqual(["a-file"]);
  });

  it("keep the previous file until the new one is complete", async () => {
    const dir = tempDir();
    const file = join(dir, "x.docs");
    writeCheckedFile(file, [Buffer.from("old")]);
    const writer = CheckedFileWriter.open(file)!;
    writer.write(Buffer.from("new, half written"));
    expect(readCheckedFile(file)!.toString()).toBe("old");
    writer.abandon();
    expect(readCheckedFile(file)!.toString()).toBe("old");
    expect(readdirSync(dir)).toEqual(["x.docs"]);
    const pending = writeCheckedFileAsync(file, [Buffer.from("newer")]);
    expect(readCheckedFile(file)!.toString()).toBe("old"); // not yet renamed into place
    expect(await pending).toBe(true);
    expect(readCheckedFile(file)!.toString()).toBe("newer");
    expect(readdirSync(dir)).toEqual(["x.docs"]);
  });
});
