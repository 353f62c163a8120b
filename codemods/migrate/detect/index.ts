/**
 * The detection pass: one analysis over a ts-morph project (TypeScript with
 * the type checker; JavaScript in the same project under `allowJs`) that
 * lists every legacy site — each call reaching an oddkit tool (calls.ts) and
 * each read of a legacy response shape flowing from one (flow.ts) — with
 * whether it is still legacy, why, and whether a `TODO(oddkit-migrate)` (or
 * an `oddkit-migrate-reviewed`) marker sits on its statement.
 *
 * `migrate` runs it before and after rewriting; `migrate --check` runs only
 * this. A legacy site without a marker is "unmigrated".
 */

import type { Action } from "oddkit-sdk/contract";
import { DEFAULT_LIMIT, LEGACY_OPT_IN_PARAM, LEGACY_SEARCH_MAX_HITS } from "oddkit-sdk/internal";
import { Node, type ObjectLiteralExpression, type SourceFile } from "ts-morph";
import { UNSUPPORTED_PARAMS } from "../../lib/legacy.js";
import { REVIEWED_MARKER, TODO_TAG } from "../../lib/todo.js";
import { EVERY_PAGE } from "../added-functions.js";
import { liftHint } from "../site-need.js";
import { anchorOf, listsRead, markerComments } from "./call-markers.js";
import { type CallSite, findCalls, stringValue } from "./calls.js";
import { type FlowEscape, type FlowRead, traceFrom } from "./flow.js";
import { declarationsOf, isFunctionLike, statementOf, unwrap } from "./nodes.js";

export type SiteKind = "call" | "read" | "escape";
export type Marker = "todo" | "reviewed" | null;

export interface Site {
  readonly file: string;
  /** 1-based line and column of the site. */
  readonly line: number;
  readonly column: number;
  readonly kind: SiteKind;
  /** What is there: `oddkit_search call`, `result.hits`, `entry.path`, `result returned to …`. */
  readonly what: string;
  readonly action: Action | null;
  /** Id of the call the site belongs to (reads and escapes share their call's id). */
  readonly call: number;
  /** Still a legacy site (false: a call already on the contract). */
  readonly legacy: boolean;
  /** Why it is legacy: what a rewrite or a human has to do. */
  readonly reason: string;
  readonly marker: Marker;
  /** First line of the statement holding the site: where a marker goes. */
  readonly statementLine: number;
}

const MANY_ACTIONS = new Set<Action>(["search", "catalog", "preflight"]);

function prop(args: ObjectLiteralExpression, key: string): Node | undefined {
  const p = args.getProperty(key);
  if (Node.isPropertyAssignment(p)) return p.getInitializer();
  if (Node.isShorthandPropertyAssignment(p)) return p.getNameNode();
  return undefined;
}

/** Is `include_legacy_envelope: true` on the call (kept on the legacy envelope for the cutover)? */
export function isWindowCall(args: ObjectLiteralExpression | null): boolean {
  const value = args ? prop(args, LEGACY_OPT_IN_PARAM) : undefined;
  return value !== undefined && unwrap(value).getText() === "true";
}

/** Why a call is itself legacy (its arguments or tool), or null when it is a contract call. */
function callReason(call: CallSite): string | null {
  if (call.insideWrapper) {
    return call.umbrella
      ? "umbrella oddkit call taking its action from a parameter: its callers are the sites; route retrieval actions to oddkit_<action>"
      : null;
  }
  if (call.held === "text")
    return `an ${call.tool} call written inside a string (code held as text, e.g. a served page's <script>): found by text, never rewritten; migrate the code in the string by hand`;
  if (call.held === "fixture")
    return `a legacy ${call.action ?? "oddkit"} reply written as data (a test fixture or fake server answer): update it to the contract's reply with the code it stands in for, or drop it`;
  if (!Node.isCallExpression(call.node) && !Node.isNewExpression(call.node))
    return "the call carrying this oddkit tool name could not be found: check what it sends and reads";
  if (call.action === null)
    return "the action of this oddkit call is computed: route retrieval actions to oddkit_<action> and check their replies";
  const args = call.args;
  if (isWindowCall(args))
    return `kept on the legacy envelope (${LEGACY_OPT_IN_PARAM}: true) for the cutover: move its reads to the contract and drop the opt-in`;
  if (call.umbrella)
    return `umbrella oddkit tool with action "${call.action}": becomes oddkit_${call.action}`;
  if (args === null)
    return `the arguments of this ${call.action} call are not an object literal: check them for legacy parameters and an explicit limit`;
  for (const p of args.getProperties()) {
    if (Node.isSpreadAssignment(p))
      return `arguments spread into this ${call.action} call may carry legacy parameters`;
    const name = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : null;
    if (name === "include_metadata") return "include_metadata is a legacy parameter: becomes disclosure";
    if (name === "result_grouping") return "result_grouping is a legacy parameter";
    if (name !== null && name in UNSUPPORTED_PARAMS) return UNSUPPORTED_PARAMS[name] as string;
    if (name === "sort_by" && call.action === "catalog" && stringValue(prop(args, "sort_by")) === "date")
      if (!prop(args, "include")) return 'legacy sort_by: "date" listed only documents with frontmatter';
  }
  if (MANY_ACTIONS.has(call.action) && !prop(args, "limit"))
    return call.action === "search"
      ? `legacy search returned at most ${LEGACY_SEARCH_MAX_HITS} hits, the contract's default is ${DEFAULT_LIMIT}: give an explicit limit`
      : `no explicit limit: the legacy page size differs from the contract default`;
  return null;
}

/** A `TODO(oddkit-migrate)` or reviewed marker on the site's line or in the comments above its statement. */
export function markerAt(lines: readonly string[], statementLine: number, siteLine: number): Marker {
  const comments = markerComments(lines, statementLine, siteLine);
  if (comments.some((c) => c.includes(REVIEWED_MARKER))) return "reviewed";
  return comments.some((c) => c.includes(TODO_TAG)) ? "todo" : null;
}

function where(node: Node): { line: number; column: number; statementLine: number } {
  const file = node.getSourceFile();
  const text = file.getFullText();
  const start = node.getStart();
  const { line, column } = file.getLineAndColumnAtPos(start);
  // The marker line goes above a statement that starts its own line (not one inside JSX or after `if (x)`).
  let statement = statementOf(node);
  while (statement) {
    const at = statement.getStart();
    const lineStart = text.lastIndexOf("\n", at - 1) + 1;
    if (text.slice(lineStart, at).trim() === "") break;
    const outer = statement.getParent();
    statement = outer ? statementOf(outer) : undefined;
  }
  const statementLine = statement ? statement.getStartLineNumber() : line;
  // A site on a later line of a multi-line object literal gets its marker right above its property,
  // unless a transform already noted the statement: the call's marker is then that note, not a second one.
  if (statementLine !== line && startsProperty(file, text, line) && !notedAbove(text, statementLine))
    return { line, column, statementLine: line };
  return { line, column, statementLine };
}

/** Does the comment block right above line `statementLine` hold a `TODO(oddkit-migrate)` line? */
function notedAbove(text: string, statementLine: number): boolean {
  const lines = text.split(/\r?\n/, statementLine - 1);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? "").trim();
    if (!line.startsWith("//")) return false;
    if (line.includes(TODO_TAG)) return true;
  }
  return false;
}

function startsProperty(file: SourceFile, text: string, line: number): boolean {
  const lineStart = file.compilerNode.getPositionOfLineAndCharacter(line - 1, 0);
  const offset = text.slice(lineStart).search(/\S/);
  if (offset < 0) return false;
  const pos = lineStart + offset;
  for (
    let node: Node | undefined = file.getDescendantAtPos(pos);
    node && node.getStart() === pos;
    node = node.getParent()
  ) {
    if (Node.isObjectLiteralExpression(node.getParent())) return true;
  }
  return false;
}

/** A call with every read and escape of its reply: what the engine rewrites or keeps on the legacy envelope together. */
export interface Group {
  readonly call: CallSite;
  /** Where the reply stands at the call's value: the fields read since a parse, and whether it was parsed. */
  readonly start: { readonly steps: readonly string[]; readonly parsed: boolean };
  /** Why the call itself is legacy (null: its arguments are contract arguments). */
  readonly reason: string | null;
  readonly window: boolean;
  readonly reads: FlowRead[];
  readonly escapes: FlowEscape[];
}

export interface Detection {
  readonly sites: Site[];
  readonly groups: Group[];
}

/** Every site in `files` (the project may hold more files, for types and cross-file flows). */
export function detectSites(files: readonly SourceFile[]): Site[] {
  return detect(files).sites;
}

export function detect(files: readonly SourceFile[]): Detection {
  const groups: Group[] = [];
  let id = 0;
  const { calls, wrappers } = findCalls(files, () => id++);
  const wanted = new Set(files.map((f) => f.getFilePath()));
  const linesOf = new Map<string, string[]>();
  const lines = (file: SourceFile) => {
    const path = file.getFilePath();
    let l = linesOf.get(path);
    if (!l) {
      l = file.getFullText().split(/\r?\n/);
      linesOf.set(path, l);
    }
    return l;
  };
  const sites: Site[] = [];
  const add = (node: Node, kind: SiteKind, what: string, call: CallSite, legacy: boolean, reason: string) => {
    const file = node.getSourceFile();
    if (!wanted.has(file.getFilePath())) return;
    const at = where(node);
    sites.push({
      file: file.getFilePath(),
      ...at,
      kind,
      what,
      action: call.action,
      call: call.id,
      legacy,
      reason,
      marker: markerAt(lines(file), at.statementLine, at.line),
    });
  };

  // Calls inside wrappers first: what they return positions their callers' replies.
  const returned = new Map<Node, { steps: readonly string[]; parsed: boolean }>();
  const ordered = [...calls].sort((a, b) => Number(b.insideWrapper) - Number(a.insideWrapper));
  for (const call of ordered) {
    const reason = callReason(call);
    const tool = call.tool ?? "oddkit_<action>";
    add(
      call.at,
      "call",
      `${tool}${call.umbrella && call.action ? ` (${call.action})` : ""} call`,
      call,
      reason !== null,
      reason ?? "",
    );
    if (!Node.isCallExpression(call.node) && !Node.isNewExpression(call.node)) continue;
    const wrapper = call.insideWrapper
      ? [...wrappers.keys()].find((fn) => call.node.getFirstAncestor((a) => a === fn))
      : undefined;
    let start = { steps: call.startSteps, parsed: call.startParsed };
    const wrapperFn = wrapperOfCall(call.node, wrappers);
    if (wrapperFn && returned.has(wrapperFn)) start = returned.get(wrapperFn) as typeof start;
    const trace = traceFrom(call.node, start, wrapper ? { stopAtReturnOf: wrapper } : {});
    if (wrapper && trace.returned) returned.set(wrapper, trace.returned);
    const window = isWindowCall(call.args);
    // Entry metadata read from a contract call that does not ask for it reads nothing.
    if (
      trace.flags.length > 0 &&
      call.args &&
      !window &&
      !call.insideWrapper &&
      !requestsFlag(call.args, "metadata")
    ) {
      for (const f of trace.flags)
        trace.reads.push({ node: f.node, field: "metadata", what: "entry.metadata", steps: ["data"] });
    }
    // Resolve's statuses differ: legacy answered FOUND (with a warning) for a dangling supersession and
    // its own CIRCULAR_SUPERSESSION / INVALID_INPUT, where the contract answers an error result.
    // (On the legacy envelope too: where the names collide, `status` keeps the contract's meaning.)
    if (call.action === "resolve" && !call.insideWrapper) {
      for (const node of trace.statuses)
        trace.reads.push({ node, field: "status", what: "result.status", steps: ["result"] });
    }
    // A catalog listing filtered in code on a frontmatter field the contract filters on: legacy listed
    // every kind and truncated the page before the filter; the rewrite moves it to a server filter.
    if (call.action === "catalog" && !window && !call.insideWrapper && !everyPage(call.node)) {
      for (const p of trace.predicates) {
        if (!filtersEntries(p.node)) continue;
        trace.reads.push({ node: p.node, field: p.field, what: `filter on metadata.${p.field}`, steps: [] });
      }
    }
    groups.push({
      call,
      start,
      reason,
      window,
      reads: trace.reads,
      escapes: trace.escapes.filter((e) => e.legacy),
    });
    for (const read of trace.reads) {
      const why = window
        ? `reads the legacy envelope kept by the ${tool} call for the cutover: ${liftHint(call.action, read.what)}`
        : readReason(read.what, call.action);
      add(read.node, "read", read.what, call, true, why);
    }
    for (const esc of trace.escapes) {
      if (!esc.legacy) continue;
      add(
        esc.node,
        "escape",
        `reply ${esc.how}`,
        call,
        true,
        `the ${tool} reply is ${esc.how}: the code there may read the legacy shape; check what it reads`,
      );
    }
  }
  // One site per position and kind (a read reached along two paths is one read).
  const unique = new Map<string, Site>();
  for (const s of sites) {
    const k = `${s.file}:${s.line}:${s.column}:${s.kind}:${s.what}:${s.call}`;
    if (!unique.has(k)) unique.set(k, s);
  }
  const found = [...unique.values()];
  return {
    sites: withCallMarkers(found, (file) => linesOf.get(file) ?? []).sort(
      (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
    ),
    groups,
  };
}

/** A read or escape listed in its call's marker (call-markers.ts) is marked by it. */
function withCallMarkers(sites: Site[], linesOf: (file: string) => readonly string[]): Site[] {
  return sites.map((s) => {
    if (s.marker !== null || s.kind === "call" || !s.legacy) return s;
    const anchor = anchorOf(sites, s.file, s.call);
    if (!anchor || anchor === s) return s;
    const comments = markerComments(linesOf(s.file), anchor.statementLine, anchor.line);
    return listsRead(comments, s.what) ? { ...s, marker: "todo" } : s;
  });
}

/** Is the call made by the page function of the complete-listing helper (`oddkitEveryPage((offset) => …)`)? */
function everyPage(node: Node): boolean {
  const page = node.getFirstAncestor(isFunctionLike);
  const holder = page?.getParent();
  return (
    Node.isArrowFunction(page) &&
    Node.isCallExpression(holder) &&
    holder.getExpression().getText() === EVERY_PAGE &&
    holder.getArguments()[0] === page
  );
}

/** A call of a wrapper function (its callee resolves to one): its reply starts where the wrapper's return is. */
function wrapperOfCall(node: Node, wrappers: ReadonlyMap<Node, number>): Node | undefined {
  if (!Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  const nameNode = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
  for (const decl of declarationsOf(nameNode)) {
    for (const fn of wrappers.keys()) {
      if (fn === decl || fn.getParent() === decl) return fn;
    }
  }
  return undefined;
}

const FILTER_METHODS = new Set(["filter", "find", "findLast", "some", "every", "findIndex"]);

/** Is this read part of a predicate selecting entries (a filter callback, or the condition of an if)? */
function filtersEntries(node: Node): boolean {
  for (let n: Node | undefined = node; n; n = n.getParent()) {
    const parent = n.getParent();
    if (Node.isIfStatement(parent) && parent.getExpression() === n) return true;
    if (Node.isConditionalExpression(parent) && parent.getCondition() === n) return true;
    if (Node.isCallExpression(parent) && parent.getArguments().includes(n)) {
      const callee = parent.getExpression();
      const method = Node.isPropertyAccessExpression(callee) ? callee.getName() : "";
      if (FILTER_METHODS.has(method)) return true;
      // `[1, 2].includes(a.metadata.tier)` is part of a predicate; a value passed elsewhere is not.
      if (method !== "includes" && method !== "startsWith") return false;
    }
    if (
      Node.isStatement(n) &&
      !Node.isExpressionStatement(n) &&
      !Node.isReturnStatement(n) &&
      !Node.isBlock(n)
    )
      return false;
  }
  return false;
}

const READ_REASONS: Readonly<Record<string, string>> = {
  "entry.path":
    "entries carry no path (a URI is not a path, and a frontmatter uri can differ): keep this on the legacy envelope or decide how to derive the path",
  "entry.tags": "tags moved to entry.metadata.tags (disclosure metadata)",
  "entry.source": "entry.source (canon/baseline) has no contract equivalent",
  "entry.url": "entry.url has no contract equivalent",
  "entry.metadata": 'entry.metadata needs disclosure ["metadata"]',
  "result.hits": "result.hits is result.data in the contract",
  "result.articles": "result.articles is result.data in the contract",
  "result.content": "get's content is data.body in the contract",
  "result.path": "get/resolve results carry no path",
  "result.status":
    "resolve's status differs: legacy answered FOUND with a warning for a dangling supersession (and CIRCULAR_SUPERSESSION / INVALID_INPUT), the contract answers an error result",
  "result.content_hash":
    "the contract's content_hash is another hash of the served revision: hashes stored from the legacy server will not match",
  "entry.content_hash":
    "the contract's content_hash is another hash of the served revision: hashes stored from the legacy server will not match",
};

function readReason(what: string, action: Action | null): string {
  if (what.startsWith("filter on metadata."))
    return `catalog entries filtered in code on ${what.slice("filter on ".length)}: legacy listed every kind and its limit cut the list before this filter; the contract filters on the server (${what.slice("filter on metadata.".length)}) and pages within the cap`;
  return READ_REASONS[what] ?? `${what} is a legacy ${action ?? "oddkit"} response field`;
}

/** Does the call's literal disclosure (or legacy include_metadata: true) ask for `flag`? */
function requestsFlag(args: ObjectLiteralExpression, flag: string): boolean {
  const disclosure = prop(args, "disclosure");
  if (disclosure) {
    const value = unwrap(disclosure);
    if (!Node.isArrayLiteralExpression(value)) return true; // computed: assume the author asked for it
    return value.getElements().some((e) => stringValue(e) === flag);
  }
  const legacy = prop(args, "include_metadata");
  return flag === "metadata" && legacy !== undefined && unwrap(legacy).getText() === "true";
}
