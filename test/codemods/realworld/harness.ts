/**
 * The real-world corpus harness, for whatever engine is on the branch: copy
 * the corpus, run `oddkit-sdk migrate` on one copy (in process, through the
 * CLI, as a user would), judge every file (changed? parses? new type errors?
 * every legacy site rewritten or marked?), then run every manifest run twice:
 * the original against a legacy-mode reference server, the migrated copy
 * against a contract-mode one (window mode where the migrated code opted into
 * the legacy envelope), over the same corpus, and compare what the caller got.
 * With `decisions`, migrate takes `--decide` and the original runs against the
 * decided view (decided-view.ts): what legacy would have answered had the
 * decisions been true of the world.
 * Used by test/codemods/realworld*.test.ts and bench/codemods-realworld.ts.
 */

import { mkdtempSync } from "node:fs";
import { cp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type DecisionChoices, parseDecide } from "../../../codemods/migrate/decisions.js";
import { main } from "../../../src/cli/main.js";
import { createReferenceServer, type ReferenceServer } from "../../../src/server/index.js";
import {
  countTodos,
  newDiagnostics,
  parseErrors,
  type SiteState,
  siteStates,
  typeDiagnostics,
} from "./analyze.js";
import { copyTree, makeNodeModules, runCopy } from "./copies.js";
import { createDecidedLegacyServer } from "./decided-view.js";
import { runDriver } from "./drivers.js";
import type { FailureKind } from "./known-failures.js";
import {
  CORPUS_DIR,
  coveredBy,
  type Expectation,
  loadManifest,
  type Manifest,
  type ManifestRun,
} from "./manifest.js";
import { installRuntime } from "./runtime.js";
import { readAsContractTitles, type TitleDifference, titleDifferences } from "./server-differences.js";

export type FileStatus =
  | "fully-migrated"
  | "flagged"
  | "missed"
  | "no-call"
  | "unrelated-changed"
  /** An indirect file left as it was (allowed: it holds no legacy shape of its own). */
  | "indirect-unchanged";
export type Behaviour = "equal" | "different" | "unverified" | "n/a";

/** Statuses under which a file's migrated code is expected to behave as the original on the contract server. */
const CLEAN = new Set<FileStatus>(["fully-migrated", "no-call", "indirect-unchanged"]);

export interface FileVerdict {
  readonly file: string;
  readonly style: string;
  /** What the manifest expects of this run: its `decided` expectation when the run takes decisions. */
  readonly expect: Expectation;
  readonly changed: boolean;
  readonly todos: number;
  readonly sites: Readonly<Record<string, SiteState>>;
  readonly parseErrors: readonly string[];
  readonly newTypeErrors: readonly string[];
  readonly status: FileStatus;
  readonly broken: boolean;
  /** For fully migrated files: every clean run that executes it returned what the original returned. */
  behaviour: Behaviour;
  readonly runs: string[];
}

export interface RunVerdict {
  readonly id: string;
  /** Every file it executes is fully migrated or makes no call: the run proves behaviour. */
  readonly clean: boolean;
  readonly mode: "contract" | "window";
  readonly equal: boolean;
  readonly difference: string | null;
  /** Where a legacy title was read as the contract's (a server difference, not the migration's: server-differences.ts). */
  readonly titleDifferences: readonly string[];
  readonly legacy: unknown;
  readonly migrated: unknown;
}

export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RealworldReport {
  readonly manifest: Manifest;
  /** The `--decide` value of the run (null: no decisions, the exact engine). */
  readonly decisions: string | null;
  /** Why the CLI refused `--decide` on a write run (null: it took them, or none were given). */
  readonly decideRefused: string | null;
  readonly files: FileVerdict[];
  readonly runs: RunVerdict[];
  readonly migrate: CliOutcome;
  /** `migrate --check` on the original copy and on the migrated copy. */
  readonly checkBefore: CliOutcome;
  readonly checkAfter: CliOutcome;
}

async function cli(argv: string[], cwd: string): Promise<CliOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    stdout: (s) => void out.push(s),
    stderr: (s) => void err.push(s),
    isTTY: false,
    cwd,
  });
  return { code, stdout: out.join(""), stderr: err.join("\n") };
}

/** The engine under test: `oddkit-sdk migrate .` in `dir` (with `--decide <decisions>`), exactly as a user runs it. */
export async function migrateWithCli(dir: string, decisions?: string): Promise<CliOutcome> {
  const decide = decisions === undefined ? [] : ["--decide", decisions];
  return cli(["migrate", ".", "--concurrency", "1", ...decide], dir);
}

/** A write run that exited on `--decide` itself: this CLI takes decisions with --plan only. */
export function refusedDecide(outcome: CliOutcome): string | null {
  if (outcome.code === 0 || !/--decide\b/.test(outcome.stderr)) return null;
  return `migrate exit ${outcome.code}: ${outcome.stderr.trim()}`;
}

/** Replace every value at `path` (dot/bracket, `[*]` = each element) with a marker. */
export function mask(value: unknown, path: string): unknown {
  const parts = path.match(/[^.[\]]+|\[\*\]/g) ?? [];
  const walk = (v: unknown, i: number): unknown => {
    if (i === parts.length) return "$intended-difference";
    if (v === null || typeof v !== "object") return v;
    const part = parts[i]!;
    if (part === "[*]") return Array.isArray(v) ? v.map((x) => walk(x, i + 1)) : v;
    // A field present on one side only is masked too (the last step marks it present on both).
    if (!(part in (v as Record<string, unknown>)) && i < parts.length - 1) return v;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as object) };
    (copy as Record<string, unknown>)[part] = walk((v as Record<string, unknown>)[part], i + 1);
    return copy;
  };
  return walk(value, 0);
}

/** The servers' own differences a comparison reads through, and where it did (server-differences.ts). */
export interface KnownServerDifferences {
  readonly titles: readonly TitleDifference[];
  /** Filled by firstDifference: each place a legacy title was read as the contract's. */
  readonly applied: string[];
}

/** The first place two JSON values differ, or null. */
export function firstDifference(
  a: unknown,
  b: unknown,
  at = "$",
  known?: KnownServerDifferences,
): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a === "string" && typeof b === "string" && known && known.titles.length > 0) {
    if (readAsContractTitles(a, known.titles) === b) {
      known.applied.push(at);
      return null;
    }
  }
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") {
    return `${at}: legacy ${JSON.stringify(a)?.slice(0, 160)} ≠ migrated ${JSON.stringify(b)?.slice(0, 160)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
    const d = firstDifference(a.slice(0, b.length), b.slice(0, a.length), at, known);
    return `${at}: ${a.length} items (legacy) ≠ ${b.length} (migrated)${d ? `; first: ${d}` : ""}`;
  }
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of keys) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      `${at}.${k}`,
      known,
    );
    if (d) return d;
  }
  return null;
}

export interface RealworldOptions {
  readonly corpusDir?: string;
  /** The engine: migrate the copy in `dir` in place (default: the CLI's `migrate`). */
  readonly migrate?: (dir: string) => Promise<CliOutcome>;
  /** Keep the temporary folder (for debugging). */
  readonly keep?: boolean;
  /** An empty folder to work in (default: a new one under the OS temp folder). */
  readonly workDir?: string;
  /** Judge only these manifest files, and run only the runs that execute nothing else. */
  readonly only?: readonly string[];
  /**
   * `--decide` value ("recommended", "paths=uri,order=contract", …): the CLI migrates with it, files
   * are held to their `decided` expectation, and the original runs against the decided legacy server
   * (decided-view.ts), so every difference must be one the decisions declare.
   */
  readonly decisions?: string;
}

/** An engine that lays hand-written results over the copy (the harness's own tests: known right and wrong rewrites). */
export function overlayEngine(overlayDir: string): (dir: string) => Promise<CliOutcome> {
  return async (dir) => {
    await cp(overlayDir, dir, { recursive: true });
    return { code: 0, stdout: "", stderr: "" };
  };
}

export async function runRealworld(options: RealworldOptions = {}): Promise<RealworldReport> {
  const corpusDir = options.corpusDir ?? CORPUS_DIR;
  const full = loadManifest(corpusDir);
  const only = options.only ? new Set(options.only) : null;
  const manifest: Manifest = only
    ? {
        files: Object.fromEntries(Object.entries(full.files).filter(([file]) => only.has(file))),
        runs: full.runs.filter((run) => coveredBy(run).every((file) => only.has(file))),
      }
    : full;
  const decisions = options.decisions ?? null;
  const choices: DecisionChoices | null = decisions === null ? null : parseDecide(decisions);
  const work = options.workDir ?? mkdtempSync(join(tmpdir(), "oddkit-realworld-"));
  const servers: ReferenceServer[] = [];
  try {
    const nodeModules = await makeNodeModules(work);
    const original = join(work, "original");
    const migrated = join(work, "migrated");
    await copyTree(corpusDir, original);
    await copyTree(corpusDir, migrated);
    const checkBefore = await cli(["migrate", ".", "--check"], original);
    const migrateOutcome = await (options.migrate ?? ((dir) => migrateWithCli(dir, options.decisions)))(
      migrated,
    );
    const decideRefused = decisions === null ? null : refusedDecide(migrateOutcome);
    const checkAfter = await cli(["migrate", ".", "--check"], migrated);

    const before = typeDiagnostics(original);
    const after = typeDiagnostics(migrated);
    const files: FileVerdict[] = [];
    for (const [file, entry] of Object.entries(manifest.files)) {
      const expect = decisions !== null && entry.decided ? entry.decided.expect : entry.expect;
      const was = await readFile(join(original, file), "utf8");
      const now = await readFile(join(migrated, file), "utf8");
      const changed = was !== now;
      const todos = countTodos(now) - countTodos(was);
      const states = siteStates(file, now, entry.sites);
      const parse = parseErrors(file, now);
      const added = newDiagnostics(
        before.get(join(original, file)) ?? [],
        after.get(join(migrated, file)) ?? [],
      );
      let status: FileStatus;
      if (expect === "no-call") status = changed ? "unrelated-changed" : "no-call";
      else if (expect === "indirect" && !changed) status = "indirect-unchanged";
      else if ([...states.values()].includes("untouched") || !changed) status = "missed";
      else status = todos > 0 ? "flagged" : "fully-migrated";
      files.push({
        file,
        style: entry.style,
        expect,
        changed,
        todos,
        sites: Object.fromEntries(states),
        parseErrors: parse,
        newTypeErrors: added,
        status,
        broken: parse.length > 0 || added.length > 0,
        behaviour: status === "fully-migrated" ? "unverified" : "n/a",
        runs: [],
      });
    }
    const verdictOf = new Map(files.map((f) => [f.file, f]));
    // A refused --decide left the copy as it was: its runs would only run the original against the
    // contract and measure nothing the decisions did.
    if (decideRefused !== null)
      return {
        manifest,
        decisions,
        decideRefused,
        files,
        runs: [],
        migrate: migrateOutcome,
        checkBefore,
        checkAfter,
      };

    // Run copies: one per server, so module-level sessions never cross servers.
    const copies = {
      legacy: join(work, "run-legacy"),
      contract: join(work, "run-contract"),
      window: join(work, "run-window"),
    };
    await runCopy(original, copies.legacy);
    await runCopy(migrated, copies.contract);
    await runCopy(migrated, copies.window);
    const server = {
      // Every server ranks search the same way (the reference ranking, also for legacy answers), so a
      // before/after difference is what the migration changed, not 0.28's ranking against the contract's.
      legacy: await createReferenceServer({ mode: "legacy", legacyRanking: "reference" }),
      contract: await createReferenceServer({ mode: "contract" }),
      window: await createReferenceServer({ mode: "window", legacyRanking: "reference" }),
    };
    servers.push(server.legacy, server.contract, server.window);
    // Under decisions the original answers from the decided view: what legacy would have said had the
    // decisions been true of the world (the expected output, not a mask over the difference).
    const legacyTarget = choices
      ? createDecidedLegacyServer(server.legacy, server.contract, choices)
      : server.legacy;
    const titles = await titleDifferences(server.legacy, server.contract);
    const load = async (file: string) => (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const runtime = installRuntime(load);
    const runs: RunVerdict[] = [];
    try {
      const execute = async (run: ManifestRun, copy: string, target: ReferenceServer) => {
        runtime.setServer(target);
        runtime.setEnv(run.env);
        runtime.setFunctionsDir(run.functions ? join(copy, run.functions) : null);
        runtime.takeUnhandled();
        let value = await runDriver(run.driver, { runtime, load, entry: join(copy, run.entry), nodeModules });
        await runtime.settle();
        const unhandled = runtime.takeUnhandled();
        if (unhandled.length > 0) value = { value, $unhandledRejections: unhandled };
        for (const intended of run.intended) value = mask(value, intended.path);
        return value;
      };
      for (const run of manifest.runs) {
        const covered = coveredBy(run).map((f) => verdictOf.get(f)!);
        const clean = covered.every((f) => CLEAN.has(f.status) && !f.broken);
        let optedIn = false;
        for (const f of covered) {
          if ((await readFile(join(migrated, f.file), "utf8")).includes("include_legacy_envelope"))
            optedIn = true;
        }
        const mode = clean && !optedIn ? "contract" : "window";
        const legacyValue = await execute(run, copies.legacy, legacyTarget);
        const migratedValue = await execute(run, copies[mode], server[mode]);
        const known: KnownServerDifferences = { titles, applied: [] };
        const difference = firstDifference(legacyValue, migratedValue, "$", known);
        runs.push({
          id: run.id,
          clean,
          mode,
          equal: difference === null,
          difference,
          titleDifferences: known.applied,
          legacy: legacyValue,
          migrated: migratedValue,
        });
        for (const f of covered) f.runs.push(run.id);
      }
    } finally {
      runtime.uninstall();
    }
    for (const f of files) {
      if (f.status !== "fully-migrated") continue;
      const proving = runs.filter((r) => r.clean && f.runs.includes(r.id));
      if (proving.length === 0) f.behaviour = f.broken ? "different" : "unverified";
      else f.behaviour = proving.every((r) => r.equal) && !f.broken ? "equal" : "different";
    }
    return {
      manifest,
      decisions,
      decideRefused,
      files,
      runs,
      migrate: migrateOutcome,
      checkBefore,
      checkAfter,
    };
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    if (!options.keep) await rm(work, { recursive: true, force: true });
  }
}

/** Per style and in total: the bench table's rows. */
export interface Tally {
  files: number;
  legacy: number;
  fullyMigrated: number;
  flagged: number;
  missed: number;
  broken: number;
  unrelatedChanged: number;
  behaviourEqual: number;
}

export function tally(files: readonly FileVerdict[]): Map<string, Tally> {
  const rows = new Map<string, Tally>();
  const row = (key: string) => {
    let t = rows.get(key);
    if (!t) {
      t = {
        files: 0,
        legacy: 0,
        fullyMigrated: 0,
        flagged: 0,
        missed: 0,
        broken: 0,
        unrelatedChanged: 0,
        behaviourEqual: 0,
      };
      rows.set(key, t);
    }
    return t;
  };
  for (const f of files) {
    for (const t of [row(f.style), row("total")]) {
      t.files++;
      if (f.expect === "fully-migrated" || f.expect === "flagged") t.legacy++;
      if (f.status === "fully-migrated") t.fullyMigrated++;
      if (f.status === "flagged") t.flagged++;
      if (f.status === "missed") t.missed++;
      if (f.status === "unrelated-changed") t.unrelatedChanged++;
      if (f.broken) t.broken++;
      if (f.behaviour === "equal") t.behaviourEqual++;
    }
  }
  const total = rows.get("total")!;
  rows.delete("total");
  return new Map([...[...rows.entries()].sort(([a], [b]) => a.localeCompare(b)), ["total", total]]);
}

/** The failures of one file under this engine (see known-failures.ts for the kinds). */
export function failuresOf(f: FileVerdict): FailureKind[] {
  const out: FailureKind[] = [];
  if (f.status === "missed") out.push("missed");
  if (f.broken) out.push("broken");
  if (f.status === "unrelated-changed") out.push("unrelated-changed");
  if (f.status === "fully-migrated" && f.behaviour !== "equal") out.push("behaviour");
  if (f.expect === "fully-migrated" && f.status !== "fully-migrated" && !out.includes("missed")) {
    out.push("not-fully-migrated");
  }
  return out.sort();
}

/** Whole-corpus failures: `migrate --check` exits 1 before, and 0 after a migration that left no legacy site. */
export function corpusFailures(report: RealworldReport): FailureKind[] {
  const out: FailureKind[] = [];
  const unknown = (s: string) => /unknown option/i.test(s);
  if (report.checkBefore.code !== 1 || unknown(report.checkBefore.stderr)) out.push("check-before");
  const allMigrated = report.files.every((f) => f.status !== "missed" && f.status !== "flagged");
  if (allMigrated && (report.checkAfter.code !== 0 || unknown(report.checkAfter.stderr)))
    out.push("check-after");
  return out;
}
