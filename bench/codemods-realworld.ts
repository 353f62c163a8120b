/**
 * The real-world corpus (codemods/__realworld__/) through whatever engine is
 * on the branch: `oddkit-sdk migrate` on a copy, then every file judged and
 * every manifest run executed before (legacy server) and after (contract or
 * window server). Prints, per style and in total: files, legacy files, fully
 * migrated, flagged, missed (a legacy site neither rewritten nor marked),
 * broken (parse or new type errors), unrelated files changed, and fully
 * migrated files that behave as before; then the share of legacy files
 * migrated fully automatically, the `migrate --check` exit codes, and every
 * file that is not where the manifest expects it. Twice: with no decisions
 * (the exact engine), then with `--decide recommended`, where a file counts
 * when it is fully migrated with no TODO and every difference from the
 * original is one its decisions declare (equal to the decided view:
 * test/codemods/realworld/decided-view.ts), and files are held to the
 * manifest's `decided` expectation.
 *
 *   npm run build && npx tsx bench/codemods-realworld.ts [--json out.json]
 *
 * The corpus has React/Next.js components (.tsx): the bench re-runs itself
 * with TSX_TSCONFIG_PATH set to a tsconfig (jsx: react-jsx) over its work
 * folder, the way those projects compile them.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type RealworldReport, runRealworld, type Tally, tally } from "../test/codemods/realworld/harness.js";

// tsx compiles JSX by the tsconfig whose `include` matches the file: give the work folder one (react-jsx).
if (!process.env.TSX_TSCONFIG_PATH) {
  const work = mkdtempSync(join(tmpdir(), "oddkit-realworld-bench-"));
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { jsx: "react-jsx" } }));
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, TSX_TSCONFIG_PATH: join(work, "tsconfig.json"), REALWORLD_WORK: join(work, "w") },
  });
  rmSync(work, { recursive: true, force: true });
  process.exit(again.status ?? 1);
}
await mkdir(process.env.REALWORLD_WORK!, { recursive: true });

const jsonOut = process.argv.includes("--json")
  ? process.argv[process.argv.indexOf("--json") + 1]
  : undefined;

const COLUMNS: Array<[string, (t: Tally) => number]> = [
  ["files", (t) => t.files],
  ["legacy", (t) => t.legacy],
  ["fully migrated", (t) => t.fullyMigrated],
  ["flagged", (t) => t.flagged],
  ["missed", (t) => t.missed],
  ["broken", (t) => t.broken],
  ["unrelated changed", (t) => t.unrelatedChanged],
  ["behaviour-equal", (t) => t.behaviourEqual],
];

function printTable(report: RealworldReport): void {
  const rows = tally(report.files);
  const header = ["style", ...COLUMNS.map(([name]) => name)];
  const body = [...rows.entries()].map(([style, t]) => [style, ...COLUMNS.map(([, get]) => String(get(t)))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const r of body) console.log(line(r));

  const total = rows.get("total")!;
  const legacyFiles = report.files.filter((f) => f.expect === "fully-migrated" || f.expect === "flagged");
  const auto = legacyFiles.filter((f) => f.status === "fully-migrated" && f.behaviour === "equal").length;
  const share = `${auto}/${legacyFiles.length} legacy files (${((100 * auto) / Math.max(1, legacyFiles.length)).toFixed(0)}%`;
  console.log(
    report.decisions === null
      ? `\nfully migrated and behaviour-equal: ${share}; goal ≥ 80%)`
      : `\nfully migrated with no TODO and every difference declared (equal to the decided view): ${share}; goal ≥ 85%)`,
  );
  console.log(
    `fully migrated files whose behaviour differs: ${report.files.filter((f) => f.behaviour === "different").length}`,
  );
  console.log(
    `runs: ${report.runs.length} (${report.runs.filter((r) => r.clean && r.equal).length} clean and equal)`,
  );
  console.log(
    `migrate exit ${report.migrate.code}; migrate --check exit before ${report.checkBefore.code}, after ${report.checkAfter.code}`,
  );
  console.log(`missed ${total.missed}, broken ${total.broken}, unrelated changed ${total.unrelatedChanged}`);

  const off = report.files.filter(
    (f) =>
      f.status === "missed" ||
      f.broken ||
      f.status === "unrelated-changed" ||
      f.behaviour === "different" ||
      f.behaviour === "unverified" ||
      (f.expect === "fully-migrated" && f.status !== "fully-migrated"),
  );
  if (off.length > 0) {
    console.log(
      report.decisions === null
        ? "\nfiles not where the manifest expects them:"
        : "\nfiles not where the manifest's decided expectation puts them:",
    );
    for (const f of off) {
      const untouched = Object.entries(f.sites)
        .filter(([, s]) => s === "untouched")
        .map(([site]) => site);
      const why = [
        `${f.status} (expected ${f.expect})`,
        f.broken ? `broken: ${[...f.parseErrors, ...f.newTypeErrors].slice(0, 2).join("; ")}` : "",
        untouched.length ? `untouched sites: ${untouched.map((s) => JSON.stringify(s)).join(", ")}` : "",
        f.behaviour === "different" || f.behaviour === "unverified" ? `behaviour ${f.behaviour}` : "",
      ].filter(Boolean);
      console.log(`  ${f.file}: ${why.join(" · ")}`);
      for (const r of report.runs.filter((r) => f.runs.includes(r.id) && r.clean && !r.equal)) {
        console.log(`      run ${r.id}: ${r.difference}`);
      }
    }
  }
}

const work = process.env.REALWORLD_WORK!;
console.log("## no decisions\n");
const report = await runRealworld({ workDir: work });
printTable(report);
if (jsonOut) await writeFile(jsonOut, JSON.stringify(report, null, 2));

console.log("\n## --decide recommended\n");
const decidedWork = join(dirname(work), "w-decided");
await mkdir(decidedWork, { recursive: true });
const decided = await runRealworld({ workDir: decidedWork, decisions: "recommended" });
if (decided.decideRefused !== null) {
  // The table would only measure the untouched copy: the status says why there is none.
  console.log(`status: not measured — the CLI refused --decide on a write run (${decided.decideRefused})`);
} else {
  console.log('(in these runs "legacy" is the original run against the decided view: the expected output)\n');
  printTable(decided);
}
if (jsonOut)
  await writeFile(jsonOut.replace(/(\.json)?$/, ".decided.json"), JSON.stringify(decided, null, 2));
