/**
 * `migrate`: find the files, transform them over the pool, write (unless
 * dry), and summarise. Safety rules: a file that fails is never written; an
 * unchanged file is never touched (so it stays byte-identical); nothing is
 * written in dry mode. The file layer (files.ts, file-io.ts, write.ts) adds:
 * no link followed, no file over the size limit read, bytes kept, atomic
 * replacement, per-file write errors reported, SIGINT/SIGTERM handled.
 */
import { createTwoFilesPatch } from "diff";
import { selectTransforms } from "../index.js";
import { RESPONSE_TYPES } from "../lib/names.js";
import type { DecisionChoices } from "./decisions.js";
import type { EngineResult, PreparedEngine, SiteRecord } from "./engine.js";
import { discoverSourceFiles, displayPath } from "./files.js";
import { interruptReason, SIGNAL_EXIT_CODES } from "./interrupt.js";
import { MIGRATE_MAX_FILE_BYTES } from "./limits.js";
import { checkHere, type ParseCheck, parseFailure } from "./parse-check.js";
import { readSources, runPool } from "./pool.js";
import { type FileOutcome, scanTodos } from "./transform-file.js";
import { applyTypePass } from "./types-pass.js";
import { writeChanged } from "./write.js";

export const MIGRATE_EXIT = {
  /** Done: every file transformed or left unchanged. */
  ok: 0,
  /** At least one file failed (parse error, read error): it was not written. */
  fileFailed: 1,
  /** `--fail-on-todo` and follow-up markers remain. */
  todosLeft: 2,
  /** `--check`: legacy sites remain that are neither migrated nor marked. */
  unmigrated: 1,
  /** Stopped by SIGINT (SIGTERM: 143): files not written are listed; run again to finish. */
  interrupted: SIGNAL_EXIT_CODES.SIGINT,
} as const;

export interface MigrateOptions {
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly dry?: boolean;
  readonly transforms?: readonly string[];
  readonly concurrency?: number;
  readonly failOnTodo?: boolean;
  /** Detection only: write nothing, list the sites, exit 1 while unmigrated legacy sites remain. */
  readonly check?: boolean;
  readonly poolMode?: "workers" | "in-process";
  readonly onOutcome?: (outcome: FileOutcome, done: number, total: number) => void;
  /** Called once the file list is known (for progress bars). */
  readonly onStart?: (total: number) => void;
  /** Called after each changed file is written (write phase progress). */
  readonly onWritten?: (file: string, written: number, total: number) => void;
  /**
   * Abort (e.g. on SIGINT/SIGTERM, reason: the signal's name): no new batch is
   * transformed, the file being written is finished, no other is written.
   */
  readonly signal?: AbortSignal;
  /** Files over this many bytes are skipped (default `MIGRATE_MAX_FILE_BYTES`, 1 MiB). */
  readonly maxFileBytes?: number;
  /** The migration decisions taken (decisions.ts); none: every decided site stays flagged. */
  readonly decisions?: DecisionChoices;
}

export interface MigrationSummary {
  readonly schemaVersion: 1;
  readonly mode: "write" | "dry" | "check";
  readonly transforms: string[];
  readonly pool: { readonly mode: "workers" | "in-process"; readonly workers: number };
  readonly files: {
    readonly scanned: number;
    readonly changed: number;
    readonly unchanged: number;
    readonly failed: number;
    /** Files holding at least one oddkit site (every other file is "unchanged" and never edited). */
    readonly withSites: number;
    /** Files with sites, none of them left flagged or unmigrated. */
    readonly migrated: number;
    /** Files with sites left for a human (flagged, reviewed or unmigrated). */
    readonly flagged: number;
  };
  /** Transform events per transform (rewrites the per-file transforms made). */
  readonly sites: Record<string, number>;
  /** Every legacy site found, with its status. */
  readonly legacySites: SiteRecord[];
  /** Files whose rewrite was dropped for markers only, and why. */
  readonly fallbacks: { readonly file: string; readonly reason: string }[];
  readonly changedFiles: string[];
  readonly todos: { readonly file: string; readonly line: number; readonly reason: string }[];
  readonly failures: { readonly file: string; readonly transform: string; readonly message: string }[];
  /** Not read, with the reason: symbolic links (never followed), files over the size limit. */
  readonly skipped: { readonly file: string; readonly reason: string }[];
  /** The signal (or "aborted") that stopped the run; files it did not write are `failures` of `interrupted`. */
  readonly interrupted: string | null;
  readonly exitCode: number;
}

export interface MigrationRun {
  readonly summary: MigrationSummary;
  readonly outcomes: readonly FileOutcome[];
}

export async function migrate(options: MigrateOptions): Promise<MigrationRun> {
  if (options.check) return checkOnly(options);
  const transforms = selectTransforms(options.transforms).map((t) => t.name);
  const discovery = await discoverSourceFiles(options.paths, options.cwd, {
    ...(options.dry ? { dry: true } : {}),
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
  });
  // The engine (ts-morph and the compiler: 0.7 s to load) loads while the pool reads the files; it is
  // asked for once the files are known and before the pool starts, so that the pool forks its workers
  // first (their start is the longer one) and its evaluation cannot hold the fork back.
  const engineModule = import("./engine.js");
  engineModule.catch(() => undefined); // a failed load is thrown where it is awaited
  const { files } = discovery;
  options.onStart?.(files.length);
  let done = 0;
  // The engine's first stage (project and detection over the original texts) runs while the workers transform.
  let prepared: PreparedEngine | null | undefined;
  let result: { readonly engine: EngineResult; readonly verified: FileOutcome[] } | undefined;
  const pooled = await runPool(files, {
    concurrency: options.concurrency ?? 1,
    transforms,
    ...(options.poolMode ? { mode: options.poolMode } : {}),
    onOutcome: (outcome) => options.onOutcome?.(outcome, ++done, files.length),
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    alongside: async (sources) => {
      const { prepareEngine } = await engineModule;
      prepared = prepareEngine(options.cwd, sources);
    },
    // The engine, then the output check, on the workers while they are up (idle by then, and warm).
    after: async (run, check) => {
      const { prepareEngine, runEngine } = await engineModule;
      const transformed = transforms.includes(RESPONSE_TYPES)
        ? await applyTypePass(run.outcomes, run.sources)
        : run.outcomes;
      const engine = runEngine(
        options.cwd,
        run.sources,
        transformed
          .filter((o) => o.status !== "failed")
          .map((o) => ({
            file: o.file,
            before: run.sources.get(o.file) ?? "",
            ...(o.after !== undefined ? { after: o.after } : {}),
            ...(o.callOnly !== undefined ? { callOnly: o.callOnly } : {}),
          })),
        prepared !== undefined ? prepared : prepareEngine(options.cwd, run.sources),
        options.decisions ?? {},
      );
      const final = transformed.map((o) => withEngine(o, engine, run.sources));
      result = { engine, verified: await verifyOutputs(final, check) };
    },
  });
  if (result === undefined) throw new Error("migrate: the pool returned without running the engine");
  const { engine, verified } = result;
  const outcomes = options.dry
    ? verified
    : await writeChanged(verified, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onWritten ? { onWritten: options.onWritten } : {}),
      });
  return summarise(options, transforms, outcomes, engine, {
    pool: { mode: pooled.mode, workers: pooled.workers },
    scanned: files.length,
    skipped: discovery.skipped,
  });
}

/** The engine's verdict on one file: its final text (markers included) and its sites. */
function withEngine(
  outcome: FileOutcome,
  engine: EngineResult,
  sources: ReadonlyMap<string, string>,
): FileOutcome {
  if (outcome.status === "failed") return outcome;
  const result = engine.files.get(outcome.file);
  const before = sources.get(outcome.file) ?? outcome.before ?? "";
  const { before: _b, after: _a, callOnly: _c, ...rest } = outcome;
  if (!result || result.after === undefined || result.after === before) {
    return { ...rest, status: "unchanged", sites: result ? outcome.sites : [], todos: scanTodos(before) };
  }
  return { ...rest, status: "changed", before, after: result.after, todos: scanTodos(result.after) };
}

/** `--check`: the detection pass alone, over the same files a run would read; nothing written. */
async function checkOnly(options: MigrateOptions): Promise<MigrationRun> {
  const discovery = await discoverSourceFiles(options.paths, options.cwd, {
    dry: true,
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
  });
  const { files } = discovery;
  options.onStart?.(files.length);
  const sources = new Map<string, string>();
  const outcomes: FileOutcome[] = [];
  // Read as the pool reads (not stopped by a signal: --check writes nothing).
  for await (const [file, read] of readSources(files, options.maxFileBytes ?? MIGRATE_MAX_FILE_BYTES)) {
    if ("outcome" in read) {
      outcomes.push(read.outcome);
      continue;
    }
    sources.set(file, read.source);
    outcomes.push({ file, status: "unchanged", sites: [], todos: scanTodos(read.source) });
  }
  const { checkSites } = await import("./engine.js");
  const sites = checkSites(options.cwd, sources);
  const byFile = new Map<string, SiteRecord[]>();
  for (const s of sites) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
  const engine: EngineResult = {
    files: new Map([...byFile].map(([file, list]) => [file, { file, sites: list }])),
  };
  return summarise(options, [], outcomes, engine, {
    pool: { mode: "in-process", workers: 1 },
    scanned: files.length,
    skipped: discovery.skipped,
  });
}

interface RunFacts {
  readonly pool: { mode: "workers" | "in-process"; workers: number };
  readonly scanned: number;
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

function summarise(
  options: MigrateOptions,
  transforms: string[],
  outcomes: FileOutcome[],
  engine: EngineResult,
  facts: RunFacts,
): MigrationRun {
  const { pool, scanned } = facts;
  const interrupted = options.signal?.aborted ? interruptReason(options.signal) : null;
  const show = (file: string) => displayPath(file, options.cwd);
  const sites: Record<string, number> = Object.fromEntries(transforms.map((t) => [t, 0]));
  for (const outcome of outcomes)
    for (const site of outcome.sites) sites[site.transform] = (sites[site.transform] ?? 0) + 1;
  const legacySites: SiteRecord[] = [];
  const fallbacks: { file: string; reason: string }[] = [];
  let migrated = 0;
  let flagged = 0;
  let withSites = 0;
  for (const outcome of outcomes) {
    const result = engine.files.get(outcome.file);
    if (!result || outcome.status === "failed") continue;
    if (result.fallback) fallbacks.push({ file: show(outcome.file), reason: result.fallback });
    if (result.sites.length === 0) continue;
    withSites++;
    const open = result.sites.some(
      (s) => s.status === "flagged" || s.status === "reviewed" || s.status === "unmigrated",
    );
    if (open || outcome.todos.length > 0) flagged++;
    else migrated++;
    for (const s of result.sites) legacySites.push({ ...s, file: show(s.file) });
  }
  const count = (status: FileOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  const todos = outcomes.flatMap((o) =>
    o.todos.map((t) => ({ file: show(o.file), line: t.line, reason: t.reason })),
  );
  const failures = outcomes.flatMap((o) =>
    o.error ? [{ file: show(o.file), transform: o.error.transform, message: o.error.message }] : [],
  );
  const unmigrated = legacySites.some((s) => s.status === "unmigrated");
  const exitCode =
    interrupted !== null
      ? (SIGNAL_EXIT_CODES[interrupted as keyof typeof SIGNAL_EXIT_CODES] ?? MIGRATE_EXIT.interrupted)
      : failures.length > 0
        ? MIGRATE_EXIT.fileFailed
        : options.check && unmigrated
          ? MIGRATE_EXIT.unmigrated
          : options.failOnTodo && todos.length > 0
            ? MIGRATE_EXIT.todosLeft
            : MIGRATE_EXIT.ok;
  return {
    outcomes,
    summary: {
      schemaVersion: 1,
      mode: options.check ? "check" : options.dry ? "dry" : "write",
      transforms,
      pool,
      files: {
        scanned,
        changed: count("changed"),
        unchanged: outcomes.filter((o) => o.status === "unchanged" && !engine.files.get(o.file)?.sites.length)
          .length,
        failed: count("failed"),
        withSites,
        migrated,
        flagged,
      },
      sites,
      legacySites,
      fallbacks,
      changedFiles: outcomes.filter((o) => o.status === "changed").map((o) => show(o.file)),
      todos,
      failures,
      skipped: [
        ...facts.skipped,
        ...outcomes.flatMap((o) => (o.skipped ? [{ file: o.file, reason: o.skipped }] : [])),
      ].map((s) => ({ file: show(s.file), reason: s.reason })),
      interrupted,
      exitCode,
    },
  };
}

/**
 * Last line of defence before writing: a changed file's new text must parse
 * with the file's own parser (parse-check.ts), or the file is reported as
 * failed and left alone.
 */
export function verifyOutput(outcome: FileOutcome): FileOutcome {
  if (outcome.status !== "changed" || outcome.after === undefined) return outcome;
  return withParseFailure(outcome, parseFailure({ file: outcome.file, text: outcome.after }));
}

/** `verifyOutput` over many outcomes, the parsing done by `check` (on the pool's workers, or here). */
export async function verifyOutputs(
  outcomes: readonly FileOutcome[],
  check: ParseCheck = checkHere,
): Promise<FileOutcome[]> {
  const changed = outcomes.flatMap((o, i) => (o.status === "changed" && o.after !== undefined ? [i] : []));
  const failures = await check(
    changed.map((i) => {
      const o = outcomes[i] as FileOutcome;
      return { file: o.file, text: o.after as string };
    }),
  );
  const verified = [...outcomes];
  changed.forEach((i, k) => {
    verified[i] = withParseFailure(outcomes[i] as FileOutcome, failures[k] ?? null);
  });
  return verified;
}

function withParseFailure(outcome: FileOutcome, failure: string | null): FileOutcome {
  if (failure === null) return outcome;
  const message = `the rewritten text does not parse (${failure}); the file was left unchanged`;
  const { before: _before, after: _after, ...rest } = outcome;
  return { ...rest, status: "failed", sites: [], error: { transform: "verify", message } };
}

/** Unified diff of one changed file (paths shown relative to `cwd`). */
export function unifiedDiff(outcome: FileOutcome, cwd: string): string {
  const name = displayPath(outcome.file, cwd);
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, outcome.before ?? "", outcome.after ?? "");
}
