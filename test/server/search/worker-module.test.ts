/**
 * Which module a folder-load worker runs (src/server/search/worker-module.ts):
 * from TypeScript sources, the compiled copy in dist/ only while every source
 * file the compiled worker loads is no newer than its compiled file; else the
 * sources through tsx. Times are set with utimes, so no test depends on the
 * clock or on how long it runs.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { builtFrom, workerModule } from "../../../src/server/search/worker-module.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const OLD = new Date("2026-01-01T00:00:00Z");
const BUILT = new Date("2026-01-02T00:00:00Z");
const EDITED = new Date("2026-01-03T00:00:00Z");

/** A repository with sources and their build: the worker imports a sibling and a module one folder up. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), "oddkit-worker-module-"));
  dirs.push(root);
  const files: Record<string, [string, Date]> = {
    "src/server/search/folder-load.ts": ["export {};\n", OLD],
    "src/server/search/load-worker.ts": ['import { a } from "./chunk.js";\n', OLD],
    "src/server/search/chunk.ts": ['export * from "../../corpus/parse.js";\n', OLD],
    "src/corpus/parse.ts": ["export const a = 1;\n", OLD],
    "dist/src/server/search/load-worker.js": ['import { a } from "./chunk.js";\n', BUILT],
    "dist/src/server/search/chunk.js": ['export * from "../../corpus/parse.js";\n', BUILT],
    "dist/src/corpus/parse.js": ["export const a = 1;\n", BUILT],
  };
  for (const [path, [text, time]] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), time, time);
  }
  return root;
}

const from = (root: string) => pathToFileURL(join(root, "src/server/search/folder-load.ts")).href;

describe("the folder load's worker module", () => {
  it("is the compiled module beside a compiled caller", () => {
    const here = "file:///opt/app/dist/src/server/search/folder-load.js";
    expect(workerModule(here, "load-worker")).toEqual({
      compiled: new URL("file:///opt/app/dist/src/server/search/load-worker.js"),
    });
  });

  it("is dist's compiled copy from sources built into it, followed through relative imports", () => {
    const root = repository();
    expect(workerModule(from(root), "load-worker")).toEqual({
      compiled: pathToFileURL(join(root, "dist/src/server/search/load-worker.js")),
    });
  });

  it("is the TypeScript source once any source the worker loads is newer than its build", () => {
    for (const edited of ["load-worker.ts", "chunk.ts", "../../corpus/parse.ts"]) {
      const root = repository();
      utimesSync(join(root, "src/server/search", edited), EDITED, EDITED);
      expect(workerModule(from(root), "load-worker")).toEqual({
        typescript: new URL("./load-worker.ts", from(root)),
      });
    }
  });

  it("is the TypeScript source when a compiled or source file is missing, or nothing is built", () => {
    const missing = ["dist/src/corpus/parse.js", "src/corpus/parse.ts", "dist"];
    for (const path of missing) {
      const root = repository();
      rmSync(join(root, path), { recursive: true });
      expect("typescript" in workerModule(from(root), "load-worker")).toBe(true);
    }
    // A caller outside any src/ folder.
    const root = repository();
    expect(workerModule(pathToFileURL(join(root, "folder-load.ts")).href, "load-worker")).toEqual({
      typescript: pathToFileURL(join(root, "load-worker.ts")),
    });
  });

  it("takes a source touched back to before the build, and refuses an import leaving dist/", () => {
    const root = repository();
    // A source touched back to before the build: still built from it.
    utimesSync(join(root, "src/corpus/parse.ts"), BUILT, BUILT);
    expect(builtFrom(join(root, "dist/src/server/search/load-worker.js"), root)).toBe(true);
    writeFileSync(join(root, "dist/src/corpus/parse.js"), 'export * from "../../../elsewhere.js";\n');
    utimesSync(join(root, "dist/src/corpus/parse.js"), BUILT, BUILT);
    expect(builtFrom(join(root, "dist/src/server/search/load-worker.js"), root)).toBe(false);
  });
});
