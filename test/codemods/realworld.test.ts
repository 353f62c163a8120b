/**
 * The real-world corpus (codemods/__realworld__/), migrated by the engine on
 * this branch and run before and after: see realworld/harness.ts. Every file
 * is judged: no legacy site left neither rewritten nor marked, nothing broken,
 * no call-free file edited, every fully migrated file behaving as before
 * (legacy original on a legacy server vs migrated copy on a contract server,
 * or window server where it opted into the legacy envelope), and every file a
 * correct rewrite exists for fully migrated. Known engine failures are listed
 * in realworld/known-failures.ts and must match exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  corpusFailures,
  type FileVerdict,
  failuresOf,
  type RealworldReport,
  runRealworld,
} from "./realworld/harness.js";
import { KNOWN_ENGINE_FAILURES } from "./realworld/known-failures.js";
import { loadManifest } from "./realworld/manifest.js";

const manifest = loadManifest();
let report: RealworldReport;

beforeAll(async () => {
  report = await runRealworld();
}, 600_000);

function explain(f: FileVerdict): string {
  const runs = report.runs
    .filter((r) => f.runs.includes(r.id) && !r.equal)
    .map((r) => `${r.id}: ${r.difference}`);
  return JSON.stringify(
    {
      status: f.status,
      todos: f.todos,
      sites: f.sites,
      parse: f.parseErrors,
      newTypeErrors: f.newTypeErrors,
      behaviour: f.behaviour,
      runs,
    },
    null,
    2,
  );
}

describe("the real-world corpus", () => {
  it("has at least 40 files in at least 12 styles, with call-free files among them", () => {
    const files = Object.values(manifest.files);
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(new Set(files.map((f) => f.style)).size).toBeGreaterThanOrEqual(12);
    expect(files.filter((f) => f.expect === "no-call").length).toBeGreaterThan(0);
  });

  it("runs every file with a call at least once", () => {
    const run = new Set(manifest.runs.flatMap((r) => [r.entry, ...r.also]));
    const unrun = Object.entries(manifest.files)
      .filter(([file, f]) => f.expect !== "no-call" && !run.has(file))
      .map(([file]) => file);
    expect(unrun).toEqual([]);
  });

  it("the original of every run answers on the legacy server (the drivers work)", () => {
    const failed = report.runs.filter((r) => JSON.stringify(r.legacy).includes('"$threw"'));
    expect(failed.map((r) => `${r.id}: ${JSON.stringify(r.legacy)}`)).toEqual([]);
  });
});

describe.each(Object.keys(manifest.files))("%s", (file) => {
  it("migrates as required (or fails exactly as known)", () => {
    const verdict = report.files.find((f) => f.file === file)!;
    const known = [...(KNOWN_ENGINE_FAILURES[file] ?? [])].sort();
    expect(failuresOf(verdict).sort(), explain(verdict)).toEqual(known);
  });
});

describe("migrate --check", () => {
  it("exits 1 before migration and 0 after a full migration (or fails exactly as known)", () => {
    expect(
      corpusFailures(report),
      JSON.stringify({ before: report.checkBefore, after: report.checkAfter }).slice(0, 2000),
    ).toEqual([...(KNOWN_ENGINE_FAILURES.corpus ?? [])]);
  });
});
