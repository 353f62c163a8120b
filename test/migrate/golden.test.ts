/**
 * No behaviour change from throughput work (issue 16 item 4): `migrate` over
 * the real-world corpus, every transform fixture and generated consumer
 * repositories (10% and 100% consumers) must give, byte for byte, the outputs
 * recorded in test/migrate/golden/expected/ (written from main at 1004ea9,
 * before the work; see golden/write.ts) — every file's final text, status,
 * transform events, markers and failures, the legacy sites with their
 * statuses and reasons, the fallbacks and the exit code. Both lanes are held
 * to it: the in-process runner and the worker pool (compiled runner).
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledWorkerPath } from "../../codemods/migrate/pool.js";
import {
  CORPORA,
  type CorpusName,
  GOLDEN_DIR,
  type GoldenFile,
  type GoldenRun,
  migrateCorpus,
  prepareWork,
  REPO,
} from "./golden/outputs.js";

let work: string;
beforeAll(async () => {
  // The work folder links oddkit-sdk to this checkout: without its declarations a rewrite importing it
  // fails the no-new-errors gate, and the outputs are not the recorded ones.
  if (!existsSync(join(REPO, "dist/src/index.d.ts")))
    throw new Error("test/migrate/golden needs the built package: run `npm run build` first");
  work = await mkdtemp(join(tmpdir(), "oddkit-golden-"));
  await prepareWork(work);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const expected = (name: CorpusName): GoldenRun =>
  JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.json`), "utf8")) as GoldenRun;

function holdTo(actual: GoldenRun, golden: GoldenRun): void {
  expect(Object.keys(actual.files)).toEqual(Object.keys(golden.files));
  // File by file first, so that a failure names the file and shows its diff.
  for (const [file, want] of Object.entries(golden.files)) expect(actual.files[file], file).toEqual(want);
  expect(actual.legacySites).toEqual(golden.legacySites);
  expect(actual.fallbacks).toEqual(golden.fallbacks);
  expect(actual.exitCode).toBe(golden.exitCode);
}

describe.each(Object.keys(CORPORA) as CorpusName[])("migrate over %s", (name) => {
  it("gives the recorded outputs in-process", async () => {
    holdTo(await migrateCorpus(work, name, "in-process"), expected(name));
  }, 600_000);

  it.runIf(compiledWorkerPath() !== null)(
    "gives the recorded outputs through the worker pool",
    async () => {
      holdTo(await migrateCorpus(work, name, "workers"), expected(name));
    },
    600_000,
  );
});

/** The record as a CRLF checkout of the same corpus must give it: every written text with CRLF line breaks. */
function withCrlf(golden: GoldenRun): GoldenRun {
  const files: Record<string, GoldenFile> = {};
  for (const [file, want] of Object.entries(golden.files))
    files[file] = want.after === undefined ? want : { ...want, after: want.after.replace(/\r?\n/g, "\r\n") };
  return { ...golden, files };
}

// A Windows checkout (git's core.autocrlf) holds every file with CRLF. The engine computes its rewrites
// from its project's node positions and applies them to the text: when the project held a swapped file
// with LF, every rewrite in a CRLF file landed off by a byte per line above it, the gate undid it, and the
// call stayed on the contract without the legacy opt-in its reads need (53 of 121 files differed).
describe.each(["realworld", "fixtures", "generated-100"] as const)(
  "migrate over %s checked out with CRLF",
  (name) => {
    it("gives the recorded outputs, line breaks CRLF", async () => {
      holdTo(await migrateCorpus(work, name, "in-process", "crlf"), withCrlf(expected(name)));
    }, 600_000);
  },
);

it("the record is not empty: changed files, flagged and rewritten sites, fallbacks in every real corpus", () => {
  for (const name of ["realworld", "fixtures"] as const) {
    const golden = expected(name);
    expect(Object.values(golden.files).filter((f) => f.status === "changed").length).toBeGreaterThan(20);
    expect(golden.legacySites.some((s) => s.includes(" rewritten: "))).toBe(true);
    expect(golden.legacySites.some((s) => s.includes(" flagged: "))).toBe(true);
    expect(golden.fallbacks.length).toBeGreaterThan(0);
  }
  expect(Object.values(expected("generated-100").files).every((f) => f.status === "changed")).toBe(true);
});
