/**
 * CLI cold start, measured side by side in one run: each command is spawned
 * as a fresh `node` process, rounds interleaved so machine load hits every
 * row alike, and compared with `node -e 0` (the floor: a Node process that
 * does nothing). Goals (issue 16): `--help` ≤ 2× the floor, `search` on the
 * embedded sample corpus ≤ 1 s.
 *
 *   npm run build && npx tsx bench/cli.ts [--rounds N] [--baseline DIR]
 *
 * `--baseline DIR` adds the same rows for another checkout's built bin
 * (e.g. a `git worktree` of an older commit), for before/after figures.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

const rounds = Number(flag("--rounds") ?? 5);
const baseline = flag("--baseline");

interface Row {
  readonly label: string;
  readonly args: readonly string[];
  readonly goal?: (ms: number, floor: number) => string;
}

function rowsFor(bin: string, tag: string): Row[] {
  return [
    {
      label: `${tag}oddkit-sdk --help`,
      args: [bin, "--help"],
      goal: (ms, floor) => `goal ≤ 2× floor: ${ms <= 2 * floor ? "MET" : "not met"}`,
    },
    { label: `${tag}oddkit-sdk --version`, args: [bin, "--version"] },
    {
      label: `${tag}oddkit-sdk search cache (embedded)`,
      args: [bin, "search", "cache", "--json"],
      goal: (ms) => `goal ≤ 1000 ms: ${ms <= 1000 ? "MET" : "not met"}`,
    },
    { label: `${tag}oddkit-sdk report (embedded)`, args: [bin, "report"] },
  ];
}

const rows: Row[] = [
  { label: "node -e 0 (floor)", args: ["-e", "0"] },
  ...rowsFor(resolve(ROOT, "bin/oddkit-sdk.js"), ""),
  ...(baseline ? rowsFor(resolve(baseline, "bin/oddkit-sdk.js"), "baseline ") : []),
];

function timeOnce(args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(" ")} exited ${run.status}: ${String(run.stderr)}`);
  return ms;
}

const samples = new Map<string, number[]>(rows.map((r) => [r.label, []]));
for (let round = 0; round < rounds; round++) {
  for (const row of rows) samples.get(row.label)!.push(timeOnce(row.args));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const floor = median(samples.get(rows[0]!.label)!);

console.log(`CLI cold start, median of ${rounds} interleaved rounds (node ${process.version})\n`);
console.log("| command | median ms | × floor | goal |");
console.log("| --- | ---: | ---: | --- |");
for (const row of rows) {
  const ms = median(samples.get(row.label)!);
  console.log(
    `| ${row.label} | ${ms.toFixed(0)} | ${(ms / floor).toFixed(2)}× | ${row.goal?.(ms, floor) ?? ""} |`,
  );
}
