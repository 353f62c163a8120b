/**
 * Every row of the performance table (issue 16, docs/performance.md) in one
 * run: runs each bench one after another on this machine and prints the
 * `goal:` lines they report, each figure with its goal beside it.
 *
 *   npx tsx bench/perf-summary.ts [--server-sizes 1000,10000,100000] [--corpora DIR]
 *
 * A bench that is missing or prints no goal line is reported as such, never
 * skipped silently. Exit code 1 when any goal is not met.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    "server-sizes": { type: "string", default: "1000,10000,100000" },
    corpora: { type: "string" },
  },
});

/** The table's rows, in its order, and the bench that measures each. */
const BENCHES: { row: string; script: string; args: string[] }[] = [
  { row: "client validation (500-entry page)", script: "client.ts", args: [] },
  { row: "client entry size", script: "bundle-size.ts", args: [] },
  {
    row: "reference server search growth, memory, start",
    script: "server.ts",
    args: [
      "--sizes",
      values["server-sizes"],
      "--cost-sizes",
      "0",
      ...(values.corpora ? ["--corpora", values.corpora] : []),
    ],
  },
  { row: "migrate vs jscodeshift no-op", script: "codemods.ts", args: [] },
  { row: "CLI cold start", script: "cli.ts", args: [] },
];

const summary: string[] = [];
let allMet = true;
for (const bench of BENCHES) {
  const path = fileURLToPath(new URL(bench.script, import.meta.url));
  console.log(`\n== bench/${bench.script} (${bench.row})`);
  if (!existsSync(path)) {
    summary.push(`${bench.row}: bench/${bench.script} does not exist yet`);
    allMet = false;
    continue;
  }
  const run = spawnSync(process.execPath, [...process.execArgv, path, ...bench.args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(run.stdout ?? "");
  const goals = (run.stdout ?? "").split("\n").filter((line) => line.startsWith("goal:"));
  if (goals.length === 0) {
    summary.push(`${bench.row}: bench/${bench.script} printed no goal line (exit ${run.status})`);
    allMet = false;
  }
  for (const goal of goals) {
    summary.push(goal.slice("goal:".length).trim());
    if (/NOT met/.test(goal)) allMet = false;
  }
}
console.log("\n== every row of the performance table, with its goal");
for (const line of summary) console.log(`  ${line}`);
if (!allMet) process.exitCode = 1;
