/**
 * The detection-driven stage of `migrate`, after the per-file transforms:
 *
 * 1. Detection over the original texts (one warm ts-morph project, with the
 *    files that mention oddkit and every file importing them): the legacy
 *    sites. A file with no site is never written, whatever a transform did.
 * 2. The no-new-errors gate: type diagnostics of each rewritten file before
 *    and after; a file whose rewrite adds one goes back to its original text
 *    and is only flagged (the summary says why). Reverting a file can break
 *    a file that relied on its rewrite, so the gate repeats until stable.
 * 3. Detection over the rewritten texts: every legacy site still there
 *    without a marker gets a `TODO(oddkit-migrate)` above its statement —
 *    a site ends rewritten or flagged, never neither.
 * 4. Statuses: each original legacy site is `rewritten` (gone), `flagged`
 *    (marked) or `reviewed` (a human marked it `oddkit-migrate-reviewed`).
 */
import { posix } from "node:path";
import { LEGACY_OPT_IN_PARAM } from "oddkit-sdk/internal";
import type { Project, SourceFile } from "ts-morph";
import { selectTransforms } from "../index.js";
import { CALL_ONLY_TRANSFORMS } from "../lib/names.js";
import { mentionsOddkit } from "../lib/shapes.js";
import { foldMarkers } from "../lib/todo.js";
import { applyTransforms } from "./apply.js";
import { acceptedAsWritten } from "./decided-reads.js";
import type { DecisionChoices } from "./decisions.js";
import { anchorOf, callMarkerLines, markerComments } from "./detect/call-markers.js";
import { type Detection, detect, type Group, type Site } from "./detect/index.js";
import { createAnalysisProject, findTsconfig, heldAsModule } from "./detect/project.js";
import { applyEdits, mappable, rewriteEdits, type TextEdit, windowEdits, wrapperEdits } from "./rewrite.js";
import { takenHint } from "./site-need.js";

export type SiteStatus = "rewritten" | "flagged" | "reviewed" | "unmigrated" | "contract";

export interface SiteRecord {
  readonly file: string;
  readonly line: number;
  readonly kind: Site["kind"];
  readonly what: string;
  readonly action: string | null;
  readonly status: SiteStatus;
  /** Why it is (or was) legacy; for flagged sites, what the marker asks of a human. */
  readonly reason: string;
}

export interface EngineFile {
  readonly file: string;
  readonly before: string;
  /** The transforms' output (undefined: unchanged or failed). */
  readonly after?: string;
  /** The text after the call-only transforms, when the per-file run already produced it (else computed here). */
  readonly callOnly?: string;
}

export interface EngineFileResult {
  readonly file: string;
  /** The text to write (undefined: leave the file as it is). */
  readonly after?: string;
  readonly sites: SiteRecord[];
  /** Set when the rewrite was dropped for markers only (new type errors, or no site in the file). */
  readonly fallback?: string;
}

export interface EngineResult {
  readonly files: Map<string, EngineFileResult>;
}

const BOM = "\uFEFF";
const IMPORT_SPECIFIER =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = [
  "",
  ".ts",
  ".tsx",
  ".mts",
  ".cts",
  ".js",
  ".jsx",
  ".mjs",
  ".cjs",
  "/index.ts",
  "/index.tsx",
  "/index.js",
  "/index.jsx",
];

function norm(path: string): string {
  return path.replace(/\\/g, "/");
}

/** Files that mention oddkit, and every file that imports one of them (transitively). */
export function analysisSet(sources: ReadonlyMap<string, string>): string[] {
  const known = new Set([...sources.keys()].map(norm));
  const byNorm = new Map([...sources.keys()].map((k) => [norm(k), k]));
  const included = new Set<string>();
  for (const [file, text] of sources) if (mentionsOddkit(text)) included.add(norm(file));
  if (included.size === 0) return [];
  const importsOf = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const found: string[] = [];
    for (const m of text.matchAll(IMPORT_SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? "";
      if (!spec.startsWith(".")) continue;
      const base = posix.join(posix.dirname(norm(file)), spec);
      const stem = base.replace(/\.(c|m)?(j|t)sx?$/, "");
      const hit = [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => stem + e)].find((t) =>
        known.has(t),
      );
      if (hit) found.push(hit);
    }
    importsOf.set(norm(file), found);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, targets] of importsOf) {
      if (!included.has(file) && targets.some((t) => included.has(t))) {
        included.add(file);
        grew = true;
      }
    }
  }
  return [...included].map((f) => byNorm.get(f) as string);
}

/**
 * The warm project of one run: texts are swapped in place, the compiler
 * rebuilds incrementally. Detection is a function of the project's texts, so
 * an analysis asked for again with no text changed since is the same
 * analysis: it is kept (with a version counting the text changes) instead of
 * walked again — the engine asks after every round, and most rounds change
 * nothing.
 */
export class AnalysisSession {
  readonly project: Project;
  private readonly files = new Map<string, SourceFile>();
  /** Bumped on every text change. */
  private version = 0;
  private last: { version: number; files: readonly string[]; detection: Detection } | null = null;
  constructor(cwd: string) {
    this.project = createAnalysisProject(findTsconfig(cwd));
  }
  /**
   * Hold `text` (less a byte-order mark) as the file's text, byte for byte. The engine computes its edits
   * from this project's node positions and applies them to the text as given, so the two must agree:
   * ts-morph's `replaceWithText` turned CRLF into LF, which put every edit in a CRLF file off by one per
   * line above it (the gate then undid the rewrite). It also asked the language service for the file's
   * indentation, a program rebuild per swap. A re-parse into the same path does neither.
   */
  set(file: string, text: string): SourceFile {
    const body = text.startsWith(BOM) ? text.slice(1) : text;
    const existing = this.files.get(file);
    if (existing && existing.getFullText() === body) return existing;
    this.version++;
    // A file the project holds already is re-parsed from the text; only a new one may come from disk.
    const sf = heldAsModule(
      (existing ? null : this.#fromDisk(file, body)) ??
        this.project.createSourceFile(file, body, { overwrite: true }),
    );
    this.files.set(file, sf);
    return sf;
  }
  /**
   * The file as the compiler reads it from disk, when that is the text given (as it is when nothing
   * changed it since the pool read it): one parse, where creating it over the file parses the disk's
   * text first and then the given one. Otherwise (or on any error) null: created from the text.
   */
  #fromDisk(file: string, body: string): SourceFile | null {
    try {
      const sf = this.project.addSourceFileAtPathIfExists(file);
      return sf !== undefined && sf.getFullText() === body ? sf : null;
    } catch {
      return null;
    }
  }
  detect(files: readonly string[]): Site[] {
    return this.analyse(files).sites;
  }
  analyse(files: readonly string[]): Detection {
    const last = this.last;
    if (last && last.version === this.version && sameList(last.files, files)) return last.detection;
    const detection = detect(
      files.map((f) => this.files.get(f)).filter((f): f is SourceFile => f !== undefined),
    );
    this.last = { version: this.version, files: [...files], detection };
    return detection;
  }
  text(file: string): string | undefined {
    return this.files.get(file)?.getFullText();
  }
  /** Type (and syntax) diagnostics of a file, as comparable strings. */
  diagnostics(file: string): string[] {
    const sf = this.files.get(file);
    if (!sf) return [];
    return sf
      .getPreEmitDiagnostics()
      .filter((d) => d.getSourceFile()?.getFilePath() === sf.getFilePath())
      .filter((d) => !isMissingSdk(d.getMessageText()))
      .map((d) => {
        const text = d.getMessageText();
        return `${d.getCode()} ${typeof text === "string" ? text : text.getMessageText()}`;
      });
  }
}

/**
 * Type diagnostics of `files` with every text of the analysed set original, as the first stage
 * had them: the texts changed since are swapped back for it, and forth again after (the project
 * ends holding the texts it held).
 */
function originalDiagnostics(
  session: AnalysisSession,
  set: readonly string[],
  sources: ReadonlyMap<string, string>,
  files: Iterable<string>,
): Map<string, string[]> {
  const changed = new Map<string, string>();
  for (const f of set) {
    const source = sources.get(f) as string;
    const now = session.text(f);
    if (now !== undefined && now !== (source.startsWith(BOM) ? source.slice(1) : source)) changed.set(f, now);
  }
  for (const f of changed.keys()) session.set(f, sources.get(f) as string);
  const diagnostics = new Map<string, string[]>();
  for (const f of files) diagnostics.set(f, session.diagnostics(f));
  for (const [f, text] of changed) session.set(f, text);
  return diagnostics;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The SDK import a rewrite adds resolves once the target installs oddkit-sdk: not an error of the rewrite. */
function isMissingSdk(text: unknown): boolean {
  const message =
    typeof text === "string" ? text : ((text as { getMessageText?: () => string })?.getMessageText?.() ?? "");
  return /Cannot find module 'oddkit-sdk/.test(message);
}

/** Diagnostics of `after` not present in `before` (a multiset difference, positions ignored). */
export function newDiagnostics(before: readonly string[], after: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const d of before) counts.set(d, (counts.get(d) ?? 0) + 1);
  const added: string[] = [];
  for (const d of after) {
    const n = counts.get(d) ?? 0;
    if (n > 0) counts.set(d, n - 1);
    else added.push(d);
  }
  return added;
}

/** The files a group's call, reads and escapes are in. */
/**
 * A read whose marker names a decision the run has taken: the decision is not what blocks it, so
 * the marker says what does (site-need.ts `takenHint`).
 */
export function withTakenDecision(site: Site, choices: DecisionChoices, fallback: string | undefined): Site {
  const reason = takenHint(site.reason, choices, fallback);
  return reason === site.reason ? site : { ...site, reason };
}

/** Occurrences of the legacy opt-in parameter in a text. */
function optIns(text: string): number {
  return text.split(LEGACY_OPT_IN_PARAM).length - 1;
}

/**
 * A call a per-file transform kept on the legacy envelope (the fat catalog filtered by a client
 * predicate, say) may be one a decision taken migrates whole: the engine sees it as its call-only text
 * shows it, and where a group there is rewritable, its files start again from that text.
 */
function reopenParked(
  session: AnalysisSession,
  set: readonly string[],
  afterText: Map<string, string>,
  sources: ReadonlyMap<string, string>,
  baseOf: (f: string) => string,
  revertFile: (f: string) => void,
  rewritable: (g: Group) => boolean,
): void {
  const parked = [...afterText].filter(
    ([f, text]) => optIns(text) > optIns(sources.get(f) as string) && baseOf(f) !== text,
  );
  if (parked.length === 0) return;
  for (const [f] of parked) session.set(f, baseOf(f));
  const reopen = new Set<string>();
  for (const g of session.analyse(set).groups)
    if (rewritable(g)) for (const f of groupFiles(g)) reopen.add(f);
  for (const [f, text] of parked) {
    if (reopen.has(f)) revertFile(f);
    else session.set(f, text);
  }
}

function groupFiles(g: Group): Set<string> {
  const files = new Set<string>();
  for (const node of [g.call.node, ...g.reads.map((r) => r.node), ...g.escapes.map((e) => e.node)])
    files.add(node.getSourceFile().getFilePath());
  return files;
}

function siteKey(s: Site): string {
  return `${s.kind}|${s.what}|${s.action ?? ""}`;
}

/** Insert a marker above each statement line holding an unmarked legacy site (bottom-up, once per reason). */
export function insertMarkers(text: string, sites: readonly Site[]): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const hasBom = text.startsWith(BOM);
  const lines = (hasBom ? text.slice(1) : text).split(/\r?\n/);
  // One marker per call: its unmarked sites, placed at the call's anchor in this file.
  const byCall = new Map<number, Site[]>();
  for (const s of sites) {
    if (!s.legacy || s.marker !== null) continue;
    byCall.set(s.call, [...(byCall.get(s.call) ?? []), s]);
  }
  const anchored = [...byCall].map(([call, group]) => {
    const anchor = anchorOf(sites, (group[0] as Site).file, call) as Site;
    const marked = anchor.marker === "todo";
    const oneLine = (t: string) => t.replace(/\s+/g, " ");
    const block = marked ? oneLine(markerComments(lines, anchor.statementLine, anchor.line).join(" ")) : "";
    const alsoReason =
      marked && anchor.kind === "call" && !block.includes(oneLine(anchor.reason)) ? anchor.reason : undefined;
    return { group, anchor, at: { isCall: anchor.kind === "call", marked, alsoReason } };
  });
  // The markers' heights first (they do not depend on the numbers): a listed read names its line in the output.
  const added = new Map<number, number>();
  for (const a of anchored)
    added.set(
      a.anchor.statementLine,
      (added.get(a.anchor.statementLine) ?? 0) + callMarkerLines(a.group, a.at).length,
    );
  const starts = [...added.keys()].sort((x, y) => x - y);
  const finalLine = (line: number) =>
    line + starts.filter((s) => s <= line).reduce((n, s) => n + (added.get(s) as number), 0);
  const byLine = new Map<number, string[]>();
  for (const a of anchored) {
    const markers = byLine.get(a.anchor.statementLine) ?? [];
    markers.push(...callMarkerLines(a.group, a.at, finalLine));
    byLine.set(a.anchor.statementLine, markers);
  }
  for (const line of [...byLine.keys()].sort((a, b) => b - a)) {
    const target = lines[line - 1] ?? "";
    const indent = target.match(/^\s*/)?.[0] ?? "";
    lines.splice(line - 1, 0, ...(byLine.get(line) as string[]).map((m) => `${indent}${m}`));
  }
  return (hasBom ? BOM : "") + foldMarkers(lines).join(eol);
}

function records(sites: readonly Site[], status: (s: Site) => SiteStatus): SiteRecord[] {
  return sites.map((s) => ({
    file: s.file,
    line: s.line,
    kind: s.kind,
    what: s.what,
    action: s.action,
    status: status(s),
    reason: s.reason,
  }));
}

function markerStatus(s: Site): SiteStatus {
  if (!s.legacy) return "contract";
  return s.marker === "reviewed" ? "reviewed" : s.marker === "todo" ? "flagged" : "unmigrated";
}

/** `migrate --check`: detection only, on the texts as they are. */
export function checkSites(cwd: string, sources: ReadonlyMap<string, string>): SiteRecord[] {
  const set = analysisSet(sources);
  if (set.length === 0) return [];
  const session = new AnalysisSession(cwd);
  const readable = set.filter((f) => {
    try {
      session.set(f, sources.get(f) as string);
      return true;
    } catch {
      return false; // replaced on disk since it was read (by a folder, say): nothing to check there
    }
  });
  return records(session.detect(readable), markerStatus);
}

/**
 * What the engine does before it needs the transforms' outputs: the warm
 * project over the original texts and the detection over them. `migrate`
 * runs it while the worker processes transform (pool.ts `alongside`).
 */
export interface PreparedEngine {
  readonly session: AnalysisSession;
  /** The analysed files, in analysis order. */
  readonly set: readonly string[];
  /** Files that could not join the analysis, with the error. */
  readonly unreadable: ReadonlyMap<string, string>;
  /** The legacy sites over the original texts. */
  readonly before: Site[];
}

/** The engine's first stage; null when no file mentions oddkit (nothing to analyse). */
export function prepareEngine(cwd: string, sources: ReadonlyMap<string, string>): PreparedEngine | null {
  const candidates = analysisSet(sources);
  if (candidates.length === 0) return null;
  const session = new AnalysisSession(cwd);
  // The compiler looks at the disk too: a file replaced (by a folder, say) since it was read cannot
  // join the analysis. Its transforms' text is passed on as it is; the write then refuses it (the file
  // changed on disk) and reports it as a write failure.
  const set: string[] = [];
  const unreadable = new Map<string, string>();
  for (const f of candidates) {
    try {
      session.set(f, sources.get(f) as string);
      set.push(f);
    } catch (error) {
      unreadable.set(f, error instanceof Error ? error.message : String(error));
    }
  }
  return { session, set, unreadable, before: session.detect(set) };
}

export function runEngine(
  cwd: string,
  sources: ReadonlyMap<string, string>,
  inputs: readonly EngineFile[],
  prepared: PreparedEngine | null = prepareEngine(cwd, sources),
  /** The migration decisions taken (decisions.ts): the reads they lift are rewritten, not flagged. */
  choices: DecisionChoices = {},
): EngineResult {
  const results = new Map<string, EngineFileResult>();
  if (!prepared) return { files: results };
  const { session, set, before } = prepared;
  for (const [f, message] of prepared.unreadable) {
    const input = inputs.find((i) => i.file === f);
    results.set(f, {
      file: f,
      ...(input?.after !== undefined ? { after: input.after } : {}),
      sites: [],
      fallback: `not analysed (${message})`,
    });
  }
  // What a file goes back to when a group in it cannot be migrated whole: its original text through the
  // transforms that touch calls only, never reads — the umbrella tool's retrieval actions routed to their
  // action tools, parameters moved (include_metadata → disclosure, legacy page sizes made explicit) and
  // the markers for legacy parameters a human must decide.
  const callOnly = selectTransforms(CALL_ONLY_TRANSFORMS);
  const bases = new Map<string, string>();
  // The per-file run computed them on the way (the same transforms over the same text): taken as given.
  for (const input of inputs) if (input.callOnly !== undefined) bases.set(input.file, input.callOnly);
  const baseOf = (f: string): string => {
    let base = bases.get(f);
    if (base === undefined) {
      const source = sources.get(f) as string;
      const routed = applyTransforms(f, source, callOnly);
      base = routed.error || !routed.changed ? source : routed.output;
      bases.set(f, base);
    }
    return base;
  };
  const revertFile = (f: string) => {
    const base = baseOf(f);
    if (base === sources.get(f)) afterText.delete(f);
    else afterText.set(f, base);
    session.set(f, base);
  };
  const withSites = new Set(before.map((s) => s.file));
  const afterText = new Map<string, string>();
  const fallback = new Map<string, string>();
  for (const input of inputs) {
    if (input.after === undefined || input.after === input.before) continue;
    if (!withSites.has(input.file)) {
      fallback.set(input.file, "the file makes no oddkit call: it is never edited");
      continue;
    }
    afterText.set(input.file, input.after);
  }

  // The no-new-errors gate, over the warm project. A file's diagnostics "before" are needed only when it
  // has diagnostics after (a file with none cannot have gained one): most rewrites type-check clean, and
  // their originals are never type-checked.
  const diagBefore = new Map<string, string[]>();
  // The files the transforms rewrote compare with their diagnostics with every text original.
  const fromOriginal = new Set(afterText.keys());
  let original: Map<string, string[]> | null = null;
  const beforeOf = (f: string): string[] => {
    if (!fromOriginal.has(f)) return diagBefore.get(f) ?? [];
    original ??= originalDiagnostics(session, set, sources, fromOriginal);
    return original.get(f) ?? [];
  };
  /** Diagnostics the file's current text has and its "before" has not. */
  const addedIn = (f: string): string[] => {
    const after = session.diagnostics(f);
    return after.length === 0 ? [] : newDiagnostics(beforeOf(f), after);
  };
  for (const [f, text] of afterText) session.set(f, text);
  for (let round = 0; round < 4; round++) {
    let reverted = false;
    for (const f of [...afterText.keys()]) {
      const added = addedIn(f);
      if (added.length === 0) continue;
      fallback.set(
        f,
        `the rewrite added type errors (${added.slice(0, 2).join("; ")}): only markers were added`,
      );
      afterText.delete(f);
      session.set(f, sources.get(f) as string);
      reverted = true;
    }
    if (!reverted) break;
  }

  // The engine's own rewrites, over whole call groups: wrappers first (their callers' actions name the tools)…
  const gateRound = (changed: Iterable<string>) => {
    for (const f of changed) {
      const base = afterText.get(f) ?? (sources.get(f) as string);
      if (!diagBefore.has(f) && !fromOriginal.has(f)) {
        session.set(f, sources.get(f) as string);
        diagBefore.set(f, session.diagnostics(f));
        session.set(f, base);
      }
    }
  };
  const applyRound = (edits: Map<string, TextEdit[]>) => {
    if (edits.size === 0) return;
    const previous = new Map<string, string>();
    for (const [f, list] of edits) {
      if (!withSites.has(f)) continue;
      const current = afterText.get(f) ?? (sources.get(f) as string);
      gateRound([f]);
      previous.set(f, current);
      const body = current.startsWith(BOM) ? current.slice(1) : current;
      const next = (current.startsWith(BOM) ? BOM : "") + applyEdits(body, list);
      afterText.set(f, next);
      session.set(f, next);
    }
    for (const [f, before] of previous) {
      if (addedIn(f).length === 0) continue;
      // This round's edits broke the file: undo them (the markers will say what is left).
      afterText.set(f, before);
      session.set(f, before);
    }
  };
  const merge = (into: Map<string, TextEdit[]>, from: Map<string, TextEdit[]> | null) => {
    for (const [f, list] of from ?? []) into.set(f, [...(into.get(f) ?? []), ...list]);
  };
  let analysis = session.analyse(set);
  const wrapperRound = new Map<string, TextEdit[]>();
  for (const inner of analysis.groups) {
    if (!inner.call.insideWrapper || !inner.call.umbrella || !inner.call.wrapper) continue;
    const callers = analysis.groups.filter((g) => g.call.calls === inner.call.wrapper);
    merge(wrapperRound, wrapperEdits(inner, callers));
  }
  applyRound(wrapperRound);
  // …then each call with its reads: rewritten when every read maps exactly, else kept on the legacy
  // envelope. A group that cannot be rewritten whole first gets its files back (the per-file transforms
  // may have moved some of its reads already, which would read nothing on the legacy envelope).
  const legacyGroup = (g: Group) =>
    !g.call.insideWrapper &&
    g.call.action !== null &&
    !g.window &&
    (g.reason !== null ||
      g.reads.some((r) => !acceptedAsWritten(g.call.action, r, choices)) ||
      g.escapes.length > 0);
  if (Object.keys(choices).length > 0)
    reopenParked(
      session,
      set,
      afterText,
      sources,
      baseOf,
      revertFile,
      (g) => legacyGroup(g) && mappable(g, choices),
    );
  for (let round = 0; round < 4; round++) {
    analysis = session.analyse(set);
    const revert = new Set<string>();
    for (const g of analysis.groups) {
      if (!legacyGroup(g) || mappable(g, choices)) continue;
      for (const f of groupFiles(g)) if (afterText.has(f) && afterText.get(f) !== baseOf(f)) revert.add(f);
    }
    if (revert.size === 0) break;
    for (const f of revert) {
      revertFile(f);
      if (!fallback.has(f))
        fallback.set(
          f,
          "a call here could not be migrated together with all its reads: kept on the legacy envelope",
        );
    }
  }
  analysis = session.analyse(set);
  const groupRound = new Map<string, TextEdit[]>();
  for (const group of analysis.groups) {
    if (group.call.insideWrapper || group.call.action === null || group.window) continue;
    // A read a decision accepts as written still gets its note here (the rewrite adds it).
    const legacy = group.reason !== null || group.reads.length > 0 || group.escapes.length > 0;
    if (!legacy) continue;
    merge(groupRound, mappable(group, choices) ? rewriteEdits(group, choices) : windowEdits(group));
  }
  applyRound(groupRound);

  // A call left with legacy reads must not be half migrated (its rewritten reads would read nothing
  // on the legacy envelope): the files of such a group go back to their original text, and the call
  // is kept on the legacy envelope.
  for (let round = 0; round < 4; round++) {
    analysis = session.analyse(set);
    const open = analysis.groups.filter(legacyGroup);
    const revert = new Set<string>();
    for (const g of open)
      for (const f of groupFiles(g)) if (afterText.has(f) && afterText.get(f) !== baseOf(f)) revert.add(f);
    if (revert.size === 0 || round === 3) {
      const windows = new Map<string, TextEdit[]>();
      for (const g of open) merge(windows, windowEdits(g));
      applyRound(windows);
      break;
    }
    for (const f of revert) {
      revertFile(f);
      if (!fallback.has(f))
        fallback.set(
          f,
          "a call here could not be migrated together with all its reads: kept on the legacy envelope",
        );
    }
  }

  // Detection on the result; unmarked legacy sites get their markers.
  const after = session.detect(set).map((site) => withTakenDecision(site, choices, fallback.get(site.file)));
  const afterByFile = new Map<string, Site[]>();
  for (const s of after) afterByFile.set(s.file, [...(afterByFile.get(s.file) ?? []), s]);
  const beforeByFile = new Map<string, Site[]>();
  for (const s of before) beforeByFile.set(s.file, [...(beforeByFile.get(s.file) ?? []), s]);

  for (const file of withSites) {
    const sitesAfter = afterByFile.get(file) ?? [];
    const current = afterText.get(file) ?? (sources.get(file) as string);
    const marked = insertMarkers(current, sitesAfter);
    const text = marked === sources.get(file) ? undefined : marked;
    // Statuses: an original legacy site still legacy afterwards is flagged (or reviewed); one gone was rewritten.
    const remaining = new Map<string, number>();
    for (const s of sitesAfter) if (s.legacy) remaining.set(siteKey(s), (remaining.get(siteKey(s)) ?? 0) + 1);
    const list: SiteRecord[] = [];
    for (const s of beforeByFile.get(file) ?? []) {
      if (!s.legacy) continue;
      const n = remaining.get(siteKey(s)) ?? 0;
      if (n > 0) continue;
      list.push(...records([s], () => "rewritten"));
    }
    list.push(
      ...records(sitesAfter, (s) =>
        !s.legacy ? "contract" : s.marker === "reviewed" ? "reviewed" : "flagged",
      ),
    );
    list.sort((a, b) => a.line - b.line);
    results.set(file, {
      file,
      ...(text !== undefined ? { after: text } : {}),
      sites: list,
      ...(fallback.has(file) ? { fallback: fallback.get(file) as string } : {}),
    });
  }
  for (const [file, why] of fallback) {
    if (!results.has(file)) results.set(file, { file, sites: [], fallback: why });
  }
  return { files: results };
}
