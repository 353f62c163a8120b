/**
 * Codemod throughput (issue 16 item 4): files per second of `oddkit-sdk
 * migrate --dry` on a generated repository, side by side with jscodeshift
 * running a no-op transform (parse every file, change nothing) over the same
 * files, in one run, at two consumer mixes: 10% of the files are legacy oddkit
 * consumers (search/get calls over raw fetch JSON-RPC and a wrapper) among
 * unrelated TypeScript, and 100% (every file a consumer). Both tools run dry,
 * each in a fresh node process (as a user's command does), with the same
 * concurrency: jscodeshift forks that many workers, `migrate` runs its engine
 * beside one worker fewer. `migrate` is the compiled runner, the whole pipeline:
 * the per-file transforms (each file parsed once: one tree for every
 * transform) and the engine (one warm ts-morph
 * project with the type checker for detection, the no-new-errors gate and the
 * group rewrites). Prints a `goal:` line per mix (goal: ≤ 1.5× the no-op's
 * time), with a floor beside it: jscodeshift itself running a minimal
 * rewriting transform (one identifier renamed in each consumer file, the file
 * printed by recast) over the same files — what any jscodeshift codemod that
 * rewrites those files pays before doing anything else. At 100% consumers the
 * floor also counts `tsc --noEmit` over the same files (the TypeScript the
 * engine uses, with the compiler options it takes when the target has no
 * tsconfig.json): a codemod that proves its rewrite adds no type error pays at
 * least one type check; goal ≤ 1.5× that floor.
 *
 *   npm run build && npx tsx bench/codemods.ts [files=2000] [concurrency=2]
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { mentionsOddkit } from "../codemods/lib/shapes.js";
import { UNIFIED_TOOL } from "../src/contract/index.js";
import { generateConsumers } from "../test/migrate/golden/generated.js";

const require = createRequire(import.meta.url);
const FILES = Number(process.argv[2] ?? 2000);
/** The concurrency of both runs: jscodeshift forks that many workers, migrate runs its engine beside one fewer. */
const CONCURRENCY = Number(process.argv[3] ?? 2);

/** Issue 16's goal: migrate within 1.5× the time of a jscodeshift no-op over the same files. */
const GOAL = 1.5;

/** What a user runs: the compiled runner (`oddkit-sdk migrate` runs it), not this repository's sources. */
const COMPILED_RUN = resolve(import.meta.dirname, "../codemods/dist/migrate/run.js");
const JSCODESHIFT_RUNNER = require.resolve("jscodeshift/src/Runner.js");

/** The generated repository the golden outputs also hold (test/migrate/golden). */
const generate = (dir: string, consumerShare: number) => generateConsumers(dir, FILES, consumerShare);

/** Parse every file, change nothing. */
const NOOP = "module.exports = (file, api) => { api.jscodeshift(file.source); return undefined; };\n";
/**
 * The least a rewriting codemod does to a consumer file: parse it, rename its first identifier, print
 * it (recast reprints only what changed). Files that do not mention oddkit (migrate's test, the
 * unified tool's name) are parsed and left alone.
 */
const RENAME_ONE = `module.exports = (file, api) => {
  const j = api.jscodeshift;
  const root = j(file.source);
  if (!file.source.includes(${JSON.stringify(UNIFIED_TOOL)})) return undefined;
  const first = root.find(j.Identifier).at(0);
  if (first.size() === 0) return undefined;
  first.get().node.name += "Renamed";
  return root.toSource();
};
`;

/**
 * Each run is a fresh node process, as a user's command is, without the TypeScript loader this bench
 * runs under (it hooks every module load: the engine's 0.7 s load took longer under it); the time is
 * taken inside it, from the call to its result, so neither side's node start or first import counts.
 * Both tools fork their own workers from there.
 */
async function inChild(dir: string, name: string, script: string): Promise<Record<string, number>> {
  // A file, not `-e`: node's --input-type would reach the workers each tool forks with its execArgv.
  const file = join(dir, `${name}.run.mjs`);
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split("\n").at(-1) as string) as Record<string, number>;
}

/** Seconds of jscodeshift running `source` (a transform module) over `paths`; `changed` checks its count. */
async function jscodeshiftRun(
  dir: string,
  paths: string[],
  name: string,
  source: string,
  changed: number,
): Promise<number> {
  const transform = join(dir, `${name}.cjs`);
  const list = join(dir, `${name}.paths.json`);
  await writeFile(transform, source);
  await writeFile(list, JSON.stringify(paths));
  const options = {
    dry: true,
    silent: true,
    verbose: 0,
    parser: "ts",
    cpus: CONCURRENCY,
    babel: false,
    extensions: "ts",
  };
  const stats = await inChild(
    dir,
    name,
    `
    import { createRequire } from "node:module";
    import { readFileSync } from "node:fs";
    const { run } = createRequire(${JSON.stringify(JSCODESHIFT_RUNNER)})(${JSON.stringify(JSCODESHIFT_RUNNER)});
    const paths = JSON.parse(readFileSync(${JSON.stringify(list)}, "utf8"));
    const start = performance.now();
    const stats = await run(${JSON.stringify(transform)}, paths, ${JSON.stringify(options)});
    console.log(JSON.stringify({ seconds: (performance.now() - start) / 1000, ok: stats.ok, error: stats.error }));
  `,
  );
  // A floor that changed fewer files than it should would understate what rewriting costs.
  if (stats.ok !== changed || stats.error !== 0)
    throw new Error(
      `bench/codemods: ${name} changed ${stats.ok} files (${stats.error} errors), expected ${changed}`,
    );
  return stats.seconds as number;
}

/** The options the engine's analysis project takes when the target has no tsconfig.json (codemods/migrate/detect/project.ts). */
const ENGINE_DEFAULT_OPTIONS = {
  allowJs: true,
  checkJs: false,
  noEmit: true,
  target: "es2022",
  module: "esnext",
  moduleResolution: "bundler",
  jsx: "preserve",
  allowImportingTsExtensions: true,
  esModuleInterop: true,
  skipLibCheck: true,
  strict: true,
  resolveJsonModule: true,
};

/**
 * Seconds of one `tsc --noEmit` over `paths`: the compiler's own program and pre-emit diagnostics,
 * timed inside a fresh process from the program's creation (loading TypeScript is not counted, as
 * neither tool's first import is).
 */
async function typeCheckRun(dir: string, paths: string[]): Promise<number> {
  const config = join(dir, "tsconfig.bench.json");
  await writeFile(config, JSON.stringify({ compilerOptions: ENGINE_DEFAULT_OPTIONS, files: paths }));
  const result = await inChild(
    dir,
    "tsc-noemit",
    `
    import ts from ${JSON.stringify(pathToFileURL(require.resolve("typescript")).href)};
    const start = performance.now();
    const parsed = ts.getParsedCommandLineOfConfigFile(${JSON.stringify(config)}, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, " ")); } });
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    console.log(JSON.stringify({ seconds: (performance.now() - start) / 1000, files: parsed.fileNames.length, diagnostics: diagnostics.length }));
  `,
  );
  // A check over fewer files than migrate reads would understate the floor.
  if (result.files !== paths.length)
    throw new Error(`bench/codemods: tsc checked ${result.files} files, expected ${paths.length}`);
  return result.seconds as number;
}

/** Seconds of `migrate --dry` over the repository's src/; every consumer file must come out changed. */
async function migrateRun(dir: string, consumers: number): Promise<number> {
  const result = await inChild(
    dir,
    "migrate",
    `
    const { migrate } = await import(${JSON.stringify(pathToFileURL(COMPILED_RUN).href)});
    const start = performance.now();
    const { summary } = await migrate({ paths: [${JSON.stringify(join(dir, "src"))}], cwd: ${JSON.stringify(dir)}, dry: true, concurrency: ${CONCURRENCY} });
    console.log(JSON.stringify({ seconds: (performance.now() - start) / 1000, changed: summary.files.changed, failed: summary.files.failed }));
  `,
  );
  if (result.changed !== consumers || result.failed !== 0)
    throw new Error(
      `bench/codemods: migrate changed ${result.changed} files (${result.failed} failed), expected ${consumers}`,
    );
  return result.seconds as number;
}

async function main(): Promise<void> {
  if (!existsSync(COMPILED_RUN)) {
    console.error("bench/codemods: build first (npm run build): this bench runs the compiled runner");
    process.exit(1);
  }
  const root = await mkdtemp(join(tmpdir(), "oddkit-codemods-bench-"));
  try {
    const rows: { name: string; seconds: number }[] = [];
    const goals: string[] = [];
    for (const share of [0.1, 1]) {
      const dir = join(root, `consumers-${share * 100}`);
      const paths = await generate(dir, share);
      const consumers = paths.filter((p) => mentionsOddkit(readFileSync(p, "utf8"))).length;
      const label = `${share * 100}% consumers`;
      const base = await jscodeshiftRun(dir, paths, "noop-transform", NOOP, 0);
      const ours = await migrateRun(dir, consumers);
      const floor = await jscodeshiftRun(dir, paths, "rename-one-transform", RENAME_ONE, consumers);
      const typeCheck = await typeCheckRun(dir, paths);
      rows.push({ name: `jscodeshift no-op (${label})`, seconds: base });
      rows.push({ name: `oddkit-sdk migrate --dry (${label})`, seconds: ours });
      rows.push({ name: `jscodeshift renaming one identifier per consumer file (${label})`, seconds: floor });
      rows.push({ name: `tsc --noEmit over the same files (${label})`, seconds: typeCheck });
      rows.push({ name: `floor: the renaming run + tsc --noEmit (${label})`, seconds: floor + typeCheck });
      const ratio = ours / base;
      goals.push(
        `goal: migrate vs jscodeshift no-op, ${FILES} files, ${label}: ${ratio.toFixed(2)}× its time (${(FILES / ours).toFixed(0)} vs ${(FILES / base).toFixed(0)} files/s), goal ≤ ${GOAL}×: ${ratio <= GOAL ? "met" : "NOT met"} (floor: jscodeshift rewriting one identifier per consumer file takes ${(floor / base).toFixed(2)}× the no-op's time)`,
      );
      if (share === 1) {
        const vsFloor = ours / (floor + typeCheck);
        goals.push(
          `goal: migrate vs the floor (jscodeshift renaming one identifier + tsc --noEmit), ${FILES} files, ${label}: ${vsFloor.toFixed(2)}× its time, goal ≤ ${GOAL}×: ${vsFloor <= GOAL ? "met" : "NOT met"}`,
        );
      }
    }
    console.log(
      `codemod throughput: ${FILES} files, concurrency ${CONCURRENCY} (jscodeshift: ${CONCURRENCY} workers; migrate: the engine beside ${Math.max(1, CONCURRENCY - 1)})\n`,
    );
    console.log("| run | seconds | files/s | time vs jscodeshift no-op |");
    console.log("| --- | ---: | ---: | ---: |");
    const perMix = rows.length / 2;
    for (let i = 0; i < rows.length; i += perMix) {
      const base = rows[i] as { name: string; seconds: number };
      for (const row of rows.slice(i, i + perMix)) {
        console.log(
          `| ${row.name} | ${row.seconds.toFixed(2)} | ${(FILES / row.seconds).toFixed(0)} | ${(row.seconds / base.seconds).toFixed(2)}× |`,
        );
      }
    }
    console.log("");
    for (const goal of goals) console.log(goal);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
