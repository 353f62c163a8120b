/**
 * CLI cold start, measured side by side in one run: each command is spawned
 * as a fresh `node` process, rounds interleaved so machine load hits every
 * row alike, and compared with `node -e 0` (the floor: a Node process that
 * does nothing). Each row records the time to the first byte of output and
 * to exit, so `report`'s streaming shows (its first section long before the
 * conformance run ends).
 *
 * Goals: `--help` ≤ 2× the floor and, with --baseline, ≤ ¼ of the baseline's
 * `--help` (issue 13); `search` on the embedded sample corpus ≤ 1 s (issue 16);
 * `report` prints its first section before the conformance run finishes (the
 * conformance section is printed when that run ends). Printed as
 * `goal: … met|NOT met` lines (collected by bench/perf-summary.ts).
 *
 *   npm run build && npx tsx bench/cli.ts [--rounds N] [--baseline DIR]
 *
 * `--baseline DIR` adds the same rows for another checkout's built bin
 * (e.g. a `git worktree` of an older commit), for before/after figures. An
 * old bin may exit non-zero where this one does not (before `--version`
 * existed it was an unknown option; its `--help` exited 1): such a row is
 * timed all the same and its exit code shown; only this checkout's bin must
 * exit 0.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

const rounds = Number(flag("--rounds") ?? 5);
const baseline = flag("--baseline");

type Command = "help" | "version" | "search" | "report";

interface Row {
  readonly label: string;
  readonly args: readonly string[];
  readonly command: Command | "floor";
  /** This checkout's bin (must exit 0) or the baseline's (any exit code is a figure). */
  readonly baseline: boolean;
}

function rowsFor(bin: string, isBaseline: boolean): Row[] {
  const tag = isBaseline ? "baseline " : "";
  const row = (command: Command, label: string, args: string[]): Row => ({
    label: `${tag}oddkit-sdk ${label}`,
    args: [bin, ...args],
    command,
    baseline: isBaseline,
  });
  return [
    row("help", "--help", ["--help"]),
    row("version", "--version", ["--version"]),
    row("search", "search cache (embedded)", ["search", "cache", "--json"]),
    row("report", "report (embedded)", ["report"]),
  ];
}

const rows: Row[] = [
  { label: "node -e 0 (floor)", args: ["-e", "0"], command: "floor", baseline: false },
  ...rowsFor(resolve(ROOT, "bin/oddkit-sdk.js"), false),
  ...(baseline ? rowsFor(resolve(baseline, "bin/oddkit-sdk.js"), true) : []),
];

interface Sample {
  /** Spawn to exit. */
  readonly ms: number;
  /** Spawn to the first byte on stdout (null when it printed nothing there). */
  readonly firstOutputMs: number | null;
  /** Spawn to the first stdout line starting with "Conformance" (report's last section). */
  readonly conformanceMs: number | null;
  readonly code: number | null;
  readonly stderr: string;
}

function timeOnce(args: readonly string[]): Promise<Sample> {
  return new Promise((done, fail) => {
    const started = performance.now();
    let firstOutputMs: number | null = null;
    let conformanceMs: number | null = null;
    let stdout = "";
    let stderr = "";
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => {
      firstOutputMs ??= performance.now() - started;
      stdout += chunk.toString();
      if (conformanceMs === null && /^Conformance/m.test(stdout)) conformanceMs = performance.now() - started;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) =>
      done({ ms: performance.now() - started, firstOutputMs, conformanceMs, code, stderr }),
    );
  });
}

const samples = new Map<string, Sample[]>(rows.map((r) => [r.label, []]));
for (let round = 0; round < rounds; round++) {
  for (const row of rows) {
    const sample = await timeOnce(row.args);
    if (sample.code !== 0 && !row.baseline)
      throw new Error(`${row.args.join(" ")} exited ${sample.code}: ${sample.stderr}`);
    samples.get(row.label)!.push(sample);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const msOf = (label: string) => median(samples.get(label)!.map((s) => s.ms));
const medianOf = (label: string, pick: (s: Sample) => number | null) => {
  const xs = samples.get(label)!.flatMap((s) => {
    const x = pick(s);
    return x === null ? [] : [x];
  });
  return xs.length === 0 ? null : median(xs);
};
const firstOf = (label: string) => medianOf(label, (s) => s.firstOutputMs);
const floor = msOf(rows[0]!.label);

console.log(`CLI cold start, median of ${rounds} interleaved rounds (node ${process.version})\n`);
console.log("| command | first output ms | exit ms | × floor | exit code |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const row of rows) {
  const ms = msOf(row.label);
  const first = firstOf(row.label);
  const codes = [...new Set(samples.get(row.label)!.map((s) => s.code))].join(", ");
  console.log(
    `| ${row.label} | ${first === null ? "—" : first.toFixed(0)} | ${ms.toFixed(0)} | ${(ms / floor).toFixed(2)}× | ${codes} |`,
  );
}

const verdict = (met: boolean) => (met ? "met" : "NOT met");
const find = (command: Command, isBaseline: boolean) =>
  rows.find((r) => r.command === command && r.baseline === isBaseline)!.label;
const help = msOf(find("help", false));
const search = msOf(find("search", false));
const report = msOf(find("report", false));
const reportFirst = firstOf(find("report", false));
const reportConformance = medianOf(find("report", false), (s) => s.conformanceMs);

console.log("");
console.log(
  `goal: CLI --help cold start ${help.toFixed(0)} ms = ${(help / floor).toFixed(2)}× node -e 0 (${floor.toFixed(0)} ms), goal ≤ 2×: ${verdict(help <= 2 * floor)}`,
);
if (baseline) {
  const before = msOf(find("help", true));
  console.log(
    `goal: CLI --help ${help.toFixed(0)} ms vs baseline ${before.toFixed(0)} ms = ${(help / before).toFixed(2)}×, goal ≤ 0.25×: ${verdict(help <= 0.25 * before)}`,
  );
}
console.log(
  `goal: CLI search on the embedded sample corpus ${search.toFixed(0)} ms cold (${(search / floor).toFixed(1)}× node -e 0), goal ≤ 1000 ms: ${verdict(search <= 1000)}`,
);
const at = (ms: number | null) => (ms === null ? "never" : `${ms.toFixed(0)} ms`);
console.log(
  `goal: CLI report first section at ${at(reportFirst)}, conformance section at ${at(reportConformance)} (exit ${report.toFixed(0)} ms), goal first section before conformance ends: ${verdict(reportFirst !== null && reportConformance !== null && reportFirst < reportConformance)}`,
);
