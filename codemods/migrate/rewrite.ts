/**
 * The engine's own rewrites, on the warm project after the per-file
 * transforms, driven by the detection pass's call groups (a call and every
 * read of its reply, across functions and files):
 *
 * - a group whose every remaining legacy site has an exact contract
 *   equivalent is rewritten as a whole: the call gets the parameters that keep
 *   its legacy answer (search: `limit: 5`, every kind included;
 *   `include_metadata` → `disclosure`, plus `"metadata"` when entry metadata
 *   or tags are read), and every read moves: `hits` → `data` (destructuring
 *   included, and a typed wrapper call's type argument),
 *   `entry.tags` → `entry.metadata?.tags`; get's `error` read as a
 *   condition → `status !== "FOUND"`; resolve's `resolved` → `data`,
 *   `supersession_chain` → `data.supersession_chain`. Catalog listings are
 *   rewritten in one measured shape only, a date-sorted listing cut to its
 *   first k under a path prefix (dated-listing.ts; path order differs: see
 *   MAPPABLE);
 * - any other group keeps working on the legacy envelope: its call gets
 *   `include_legacy_envelope: true` and every kind included (legacy listed
 *   them all), its reads stay, and the markers say what a human decides;
 * - a wrapper that sends the umbrella tool with its `action` parameter
 *   (`{ name: "oddkit", arguments: { action, input: "", ...params } }`) is
 *   routed to the action tools when every caller names a retrieval action.
 *
 * Edits are collected as text replacements and applied bottom-up per file.
 */

import { ACTION_SPECS, type Action, effectiveCap, FLAGS, type Flag } from "oddkit-sdk/contract";
import { LEGACY_OPT_IN_PARAM, nativeFields } from "oddkit-sdk/internal";
import { Node, type ObjectLiteralExpression, SyntaxKind } from "ts-morph";
import { LEGACY_SEARCH_MAX_HITS } from "../lib/legacy.js";
import { TODO_TAG } from "../lib/todo.js";
import { LEGACY_DATE_ORDER_TODO } from "../tool-parameters.js";
import { COMPUTED_ACTION_TODO } from "../umbrella-to-action-tools.js";
import {
  CATEGORIES,
  categoriesSource,
  EVERY_PAGE,
  everyPageSource,
  KIND_LIST,
  PATH_OF_URI,
  pathOfUriSource,
} from "./added-functions.js";
import { callOnlyMarker, completeListing, completeListingEdits } from "./complete-listing.js";
import { type DatedPrefixLoop, datedPrefixLoop, datedPrefixSlice } from "./dated-listing.js";
import { DECIDED_READS, type DecidedHelpers, decidedRead } from "./decided-reads.js";
import type { DecisionChoices } from "./decisions.js";
import { stringValue } from "./detect/calls.js";
import type { Group } from "./detect/index.js";
import { accessOf, argValue, statementOf, unwrap } from "./detect/nodes.js";
import { rebuildObject } from "./object-text.js";
import { ownPageLoop, ownPageLoopEdits } from "./page-loop.js";
import { categoriesEdits, categoriesRollup, startHereEdits, startHereRollup } from "./rollups.js";

export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Reads with an exact contract equivalent, per action. */
const MAPPABLE: Readonly<Record<string, ReadonlySet<string>>> = {
  search: new Set(["result.hits", "entry.tags", "entry.metadata"]),
  // catalog: none. Legacy listed `sort_by: "path"` in locale order (en-US: `README.md` among the
  // lower-case names) and the contract lists code-unit order, so on a corpus with mixed-case paths the
  // same request returns the entries in another order (measured on the real-world corpus: export-titles
  // printed `agent-handoffs…` before `QUICKSTART`, the contract after); `sort_by: "date"` listed only
  // documents with frontmatter. Catalog groups stay on the legacy envelope, flagged — but for one
  // measured shape: a date-sorted listing cut in code to its first k under one path prefix
  // (dated-listing.ts).
  // get: a missing document is an error result (status NOT_FOUND) where legacy answered
  // `{ error, path }`, so `error` read as a condition is `status !== "FOUND"`. Its content_hash is
  // another hash than legacy's (sha256 of the served revision): never mapped.
  get: new Set(["result.error"]),
  // resolve: `resolved` (uri, title, content_hash) is the entry, the chain is one of its fields.
  resolve: new Set(["result.resolved", "result.supersession_chain"]),
};

/** Reads rewritten in place of the field name (`x.content_hash` → `x.data.content_hash`). */
const INTO_DATA = new Set(["result.supersession_chain"]);

/** `x.error` used only for its truth (an if/ternary condition, `!x.error`, a `&&`/`||` operand there). */
function conditionOnly(access: Node): boolean {
  let n: Node = access;
  for (let parent = n.getParent(); parent; n = parent, parent = n.getParent()) {
    if (Node.isParenthesizedExpression(parent)) continue;
    if (Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.ExclamationToken)
      return true;
    if (Node.isIfStatement(parent)) return parent.getExpression() === n;
    if (Node.isConditionalExpression(parent)) return parent.getCondition() === n;
    if (Node.isBinaryExpression(parent) && ["&&", "||"].includes(parent.getOperatorToken().getText())) {
      if (parent.getLeft() !== n) return false;
      continue;
    }
    return false;
  }
  return false;
}

/** Can this read be rewritten where it stands? */
function readMappable(read: Group["reads"][number]): boolean {
  if (read.what === "result.error") {
    const access = accessOf(read.node);
    return access !== undefined && conditionOnly(access);
  }
  if (INTO_DATA.has(read.what)) return accessOf(read.node) !== undefined;
  return true;
}

/**
 * The `disclosure` that adds metadata to what the call gets by default: a get or resolve keeps its
 * body (the document's text), which an explicit `["metadata"]` would drop. The analysis sees reads of
 * the legacy shapes only (not `doc.title`, nor the whole document handed to code it cannot see), so it
 * never proves that no text is read: the body stays.
 */
export function metadataDisclosure(action: string): string {
  const defaults: readonly Flag[] = ACTION_SPECS[action as Action]?.defaultDisclosure ?? [];
  const flags = FLAGS.filter((f) => f === "metadata" || defaults.includes(f));
  return `disclosure: [${flags.map((f) => JSON.stringify(f)).join(", ")}]`;
}

function propOf(args: ObjectLiteralExpression, key: string): Node | undefined {
  return args.getProperty(key);
}

export interface GroupDecision {
  readonly group: Group;
  readonly rewrite: boolean;
}

/** The flags of a literal `disclosure: ["…", …]`, or null when it is anything else. */
function literalFlags(node: Node | undefined): string[] | null {
  const value = node ? unwrap(node) : undefined;
  if (!value || !Node.isArrayLiteralExpression(value)) return null;
  const flags = value.getElements().map((e) => stringValue(e));
  return flags.every((f): f is string => f !== null) ? flags : null;
}

/** Is the read rewritten exactly, whatever was decided? */
function exactRead(action: string, read: Group["reads"][number]): boolean {
  return MAPPABLE[action]?.has(read.what) === true && readMappable(read);
}

/** Is every remaining legacy site of the group mappable: exactly, or as a decision taken says? */
export function mappable(group: Group, choices: DecisionChoices = {}): boolean {
  const action = group.call.action;
  if (action === null || group.call.insideWrapper || group.window) return false;
  if (datedPrefixSlice(group) !== null || datedPrefixLoop(group) !== null) return true;
  if (completeListing(group, choices) !== null || startHereRollup(group, choices)) return true;
  if (ownPageLoop(group, choices) !== null || categoriesRollup(group, choices) !== null) return true;
  if (!MAPPABLE[action] && !DECIDED_READS[action]) return false;
  const args = group.call.args;
  if (args === null) return false;
  if (args.getProperties().some((p) => Node.isSpreadAssignment(p))) return false;
  for (const p of args.getProperties()) {
    const name = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : "";
    if (
      ![
        "input",
        "include_metadata",
        "limit",
        "offset",
        "sort_by",
        "disclosure",
        "result_grouping",
        "knowledge_base_url",
      ].includes(name)
    )
      return false;
    if (
      name === "include_metadata" &&
      !["true", "false"].includes(unwrap(argValue(args, name) as Node).getText())
    )
      return false;
    if (name === "result_grouping" && stringValue(argValue(args, name)) !== "merged") return false;
    if (name === "disclosure" && !literalFlags(argValue(args, name))?.includes("metadata")) return false;
  }
  if (action === "search" && argValue(args, "limit")) {
    const limit = argValue(args, "limit") as Node;
    if (!/^\d+$/.test(limit.getText()) || Number(limit.getText()) > LEGACY_SEARCH_MAX_HITS) return false;
  }
  if (group.escapes.length > 0) return false;
  return group.reads.every((r) => exactRead(action, r) || decidedRead(action, r, choices) !== null);
}

/** The functions a decided rewrite adds to a file (at its end, once), by name. */
const FILE_HELPERS = {
  pathOfUri: { name: PATH_OF_URI, source: pathOfUriSource },
  everyPage: { name: EVERY_PAGE, source: everyPageSource },
  categories: { name: CATEGORIES, source: categoriesSource },
} as const;

/** The decided helpers of one rewrite: each file function is added once to each file that calls it. */
function decidedHelpers(push: (node: Node, e: TextEdit) => void): DecidedHelpers & {
  fileHelper(node: Node, which: keyof typeof FILE_HELPERS): string;
} {
  const added = new Set<string>();
  const fileHelper = (node: Node, which: keyof typeof FILE_HELPERS): string => {
    const { name, source } = FILE_HELPERS[which];
    const file = node.getSourceFile();
    const path = file.getFilePath();
    const text = file.getFullText();
    if (
      !added.has(`${path}|${name}`) &&
      !text.includes(`function ${name}(`) &&
      !text.includes(`function ${name}<`)
    ) {
      added.add(`${path}|${name}`);
      const typed = /\.[cm]?tsx?$/.test(path);
      const end = text.length;
      push(node, { start: end, end, text: (text.endsWith("\n") ? "" : "\n") + source(typed) });
    }
    return name;
  };
  return { pathOfUri: (node) => fileHelper(node, "pathOfUri"), fileHelper };
}

/** The edits that rewrite a mappable group (reads a decision lifts as `choices` say). */
export function rewriteEdits(group: Group, choices: DecisionChoices = {}): Map<string, TextEdit[]> {
  const edits = new Map<string, TextEdit[]>();
  const push = (node: Node, e: TextEdit) => {
    const f = node.getSourceFile().getFilePath();
    edits.set(f, [...(edits.get(f) ?? []), e]);
  };
  const args = group.call.args as ObjectLiteralExpression;
  const action = group.call.action as string;
  const dated = datedPrefixSlice(group);
  if (dated) return datedPrefixEdits(group, dated, push, edits);
  if (startHereRollup(group, choices)) {
    const helpers = decidedHelpers(push);
    for (const e of startHereEdits(group, helpers.pathOfUri)) push(e.node, e);
    // The per-file transform's marker on the read ("the catalog start_here list is gone …") is answered.
    for (const read of group.reads) {
      const marker = markerAbove(read.node, (reason) =>
        reason.startsWith("the catalog start_here list is gone"),
      );
      if (marker) push(read.node, marker);
    }
    return edits;
  }
  const categories = categoriesRollup(group, choices);
  if (categories) {
    const helpers = decidedHelpers(push);
    for (const e of categoriesEdits(group, categories, helpers.fileHelper)) push(e.node, e);
    const marker = callOnlyMarker(group.call.node);
    if (marker) push(group.call.node, marker);
    for (const read of group.reads) {
      const above = markerAbove(read.node, (reason) =>
        reason.startsWith("the catalog categories rollup is gone"),
      );
      if (above) push(read.node, above);
    }
    return edits;
  }
  const complete = completeListing(group, choices);
  if (complete) {
    const helpers = decidedHelpers(push);
    for (const e of completeListingEdits(group, complete, helpers.fileHelper)) push(e.node, e);
    return edits;
  }
  const own = ownPageLoop(group, choices);
  if (own) {
    const helpers = decidedHelpers(push);
    for (const e of ownPageLoopEdits(group, own, helpers.fileHelper)) push(e.node, e);
    return edits;
  }
  const loop = datedPrefixLoop(group);
  if (loop) return datedLoopEdits(group, loop, push, edits);
  const needsMetadata =
    group.reads.some((r) => r.what === "entry.tags" || r.what === "entry.metadata") ||
    (argValue(args, "include_metadata") !== undefined &&
      unwrap(argValue(args, "include_metadata") as Node).getText() === "true");
  const add: string[] = [];
  // A `disclosure` already on the call (the call-only transforms turned include_metadata into it) asks
  // for metadata: mappable() admits no other.
  if (needsMetadata && !propOf(args, "disclosure")) add.push(metadataDisclosure(action));
  const listing = action === "search" || action === "catalog";
  if (action === "search" && !argValue(args, "limit")) add.push(`limit: ${LEGACY_SEARCH_MAX_HITS}`);
  if (listing && !propOf(args, "include") && !propOf(args, "exclude")) add.push(`include: ${KIND_LIST}`);
  push(args, {
    start: args.getStart(),
    end: args.getEnd(),
    text: rebuildObject(args, new Set(["include_metadata", "result_grouping"]), add),
  });
  // A typed wrapper call (`oddkit<SearchResult>(…)`) whose type names the legacy list: the type
  // argument follows the read (`Omit<T, "hits"> & { data: T["hits"] }`), the declared type stays.
  const listRead = group.reads.find((r) => r.what === "result.hits" || r.what === "result.articles");
  const call = group.call.node;
  if (listRead && Node.isCallExpression(call)) {
    const [typeArg] = call.getTypeArguments();
    if (typeArg && Node.isTypeReference(typeArg)) {
      const field = listRead.what.slice("result.".length);
      const t = typeArg.getText();
      push(typeArg, {
        start: typeArg.getStart(),
        end: typeArg.getEnd(),
        text: `Omit<${t}, "${field}"> & { data: ${t}["${field}"] }`,
      });
    }
  }
  const oneType = oneResultTypeEdit(group);
  if (oneType) push(oneType.node, oneType);
  const helpers = decidedHelpers(push);
  // Reads of one statement may ask for the same note: it is added once.
  const seen = new Set<string>();
  for (const read of group.reads) {
    const node = read.node;
    if (!exactRead(action, read)) {
      for (const e of decidedRead(action, read, choices)?.edit(read, helpers) ?? [])
        if (!seen.has(`${e.node.getSourceFile().getFilePath()}|${e.start}|${e.end}|${e.text}`)) {
          seen.add(`${e.node.getSourceFile().getFilePath()}|${e.start}|${e.end}|${e.text}`);
          push(e.node, e);
        }
      continue;
    }
    if (read.what === "result.error") {
      const access = accessOf(node) as Node;
      const object = (access as unknown as { getExpression(): Node }).getExpression().getText();
      const parent = access.getParent();
      const bare = Node.isIfStatement(parent) || Node.isParenthesizedExpression(parent);
      const test = `${object}.status !== "FOUND"`;
      push(node, { start: access.getStart(), end: access.getEnd(), text: bare ? test : `(${test})` });
    } else if (INTO_DATA.has(read.what)) {
      push(node, { start: node.getStart(), end: node.getStart(), text: "data." });
    } else if (
      read.what === "result.hits" ||
      read.what === "result.articles" ||
      read.what === "result.resolved"
    ) {
      // A destructured read is recorded on its binding element: `{ hits = [] }` → `{ data: hits = [] }`,
      // `{ hits: list }` → `{ data: list }`.
      const element = Node.isBindingElement(node) ? node : node.getParent();
      const key = Node.isBindingElement(element) ? element.getPropertyNameNode() : undefined;
      if (Node.isBindingElement(element) && key) {
        push(node, { start: key.getStart(), end: key.getEnd(), text: "data" });
      } else if (Node.isBindingElement(element)) {
        push(node, { start: element.getStart(), end: element.getStart(), text: "data: " });
      } else {
        push(node, { start: node.getStart(), end: node.getEnd(), text: "data" });
      }
    } else if (read.what === "entry.tags") {
      const access = node.getParent();
      if (Node.isPropertyAccessExpression(access)) {
        const object = access.getExpression().getText();
        push(node, {
          start: access.getStart(),
          end: access.getEnd(),
          text: `${object}.metadata?.tags`,
        });
      }
    }
  }
  return edits;
}

/** TypeScript types of the contract fields a get or resolve answer carries (its default disclosure). */
const ONE_FIELD_TYPES: Readonly<Record<string, string>> = {
  uri: "string",
  title: "string",
  content_hash: "string",
  body: "string",
  supersession_chain: "{ uri: string; superseded_at?: string }[]",
};

/**
 * A typed wrapper call of get or resolve (`oddkit<GetResult>(…)`): its legacy reads move under `data`
 * and to the error result's fields, so the type argument becomes the contract's answer, beside what
 * the declared type has that the contract keeps (`Omit<T, legacy fields> & { … }`).
 */
function oneResultTypeEdit(group: Group): (TextEdit & { node: Node }) | null {
  const action = group.call.action as Action;
  if (action !== "get" && action !== "resolve") return null;
  const call = group.call.node;
  if (!Node.isCallExpression(call)) return null;
  const [typeArg] = call.getTypeArguments();
  if (!typeArg || !Node.isTypeReference(typeArg)) return null;
  const legacy = [
    ...new Set(
      group.reads
        .filter((r) => r.what.startsWith("result."))
        .map((r) => JSON.stringify(r.what.slice("result.".length))),
    ),
  ];
  const fields = [
    "uri",
    "title",
    ...nativeFields(action),
    ...ACTION_SPECS[action].defaultDisclosure.filter((f) => f === "body"),
  ].map((f) => `${f}: ${ONE_FIELD_TYPES[f] ?? "unknown"}`);
  const contract = `{ status: string; error_code?: string; error_message?: string; data: { ${fields.join("; ")} } }`;
  const t = typeArg.getText();
  const text = legacy.length > 0 ? `Omit<${t}, ${legacy.join(" | ")}> & ${contract}` : `${t} & ${contract}`;
  return { node: typeArg, start: typeArg.getStart(), end: typeArg.getEnd(), text };
}

/** The per-file transform's marker above the call's statement, when the engine's rewrite answers it. */
function dropMarkerAbove(node: Node, reason: string): TextEdit | null {
  const statement = statementOf(node);
  if (!statement) return null;
  const file = node.getSourceFile().getFullText();
  const lineStart = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
  const above = file.lastIndexOf("\n", lineStart - 2) + 1;
  return file.slice(above, lineStart).includes(`${TODO_TAG}: ${reason}`)
    ? { start: above, end: lineStart, text: "" }
    : null;
}

/** `entry.tags` → `entry.metadata?.tags`: the contract carries tags under `metadata`. */
function pushTagsRead(node: Node, push: (node: Node, e: TextEdit) => void): void {
  const access = node.getParent();
  if (Node.isPropertyAccessExpression(access))
    push(node, {
      start: access.getStart(),
      end: access.getEnd(),
      text: `${access.getExpression().getText()}.metadata?.tags`,
    });
}

/** A date-sorted listing cut to its first k under a path prefix (dated-listing.ts). */
function datedPrefixEdits(
  group: Group,
  plan: NonNullable<ReturnType<typeof datedPrefixSlice>>,
  push: (node: Node, e: TextEdit) => void,
  edits: Map<string, TextEdit[]>,
): Map<string, TextEdit[]> {
  const args = group.call.args as ObjectLiteralExpression;
  const meta = argValue(args, "include_metadata");
  const metadata =
    group.reads.some((r) => r.what === "entry.metadata" || r.what === "entry.tags") ||
    (meta !== undefined && unwrap(meta).getText() === "true");
  const add = [
    `path_prefix: ${JSON.stringify(plan.prefix)}`,
    `limit: ${plan.limit}`,
    ...(metadata ? [metadataDisclosure(group.call.action as string)] : []),
    `include: ${KIND_LIST}`,
  ];
  push(args, {
    start: args.getStart(),
    end: args.getEnd(),
    text: rebuildObject(args, new Set(["limit", "include_metadata"]), add),
  });
  const marker = dropMarkerAbove(args, LEGACY_DATE_ORDER_TODO);
  if (marker) push(args, marker);
  for (const read of group.reads) {
    const node = read.node;
    if (read.what === "result.articles") {
      push(node, { start: node.getStart(), end: node.getEnd(), text: "data" });
      push(node, { start: plan.filter.start, end: plan.filter.end, text: "" });
    } else if (read.what === "entry.tags") {
      pushTagsRead(node, push);
    }
  }
  return edits;
}

/**
 * Every dated entry under a path prefix (dated-listing.ts, datedPrefixLoop):
 * the statements from the call to the result's declaration run once per page
 * within the cap, their `data` collected under the result's name.
 */
function datedLoopEdits(
  group: Group,
  plan: DatedPrefixLoop,
  push: (node: Node, e: TextEdit) => void,
  edits: Map<string, TextEdit[]>,
): Map<string, TextEdit[]> {
  const args = group.call.args as ObjectLiteralExpression;
  const file = args.getSourceFile();
  const text = file.getFullText();
  const typed = /\.[cm]?tsx?$/.test(file.getFilePath());
  const page = `${plan.result}Page`;
  const add = [
    `path_prefix: ${JSON.stringify(plan.prefix)}`,
    `limit: ${plan.cap}`,
    "offset",
    ...(plan.metadata ? [metadataDisclosure(group.call.action as string)] : []),
    `include: ${KIND_LIST}`,
  ];
  const start = plan.first.getStart();
  const end = plan.last.getEnd();
  const newArgs = rebuildObject(args, new Set(["limit", "include_metadata"]), add);
  // The result's declaration: `const catalog = <expr>` → `const catalogPage = <expr>`.
  const decl = (plan.last as unknown as { getDeclarations(): Node[] }).getDeclarations()[0] as Node;
  const nameNode = (decl as unknown as { getNameNode(): Node }).getNameNode();
  let body =
    text.slice(start, args.getStart()) +
    newArgs +
    text.slice(args.getEnd(), nameNode.getStart()) +
    page +
    text.slice(nameNode.getEnd(), end);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = text.slice(lineStart, start).match(/^\s*/)?.[0] ?? "";
  const step = "  ";
  body = body.replace(/\n/g, `\n${step}`);
  const collected = typed ? "{ data: [] as any[] }" : "{ data: [] }";
  const replacement = [
    `const ${plan.result} = ${collected};`,
    `${indent}// oddkit-migrate: the legacy limit was over the contract's cap (${plan.cap} with these flags): paged.`,
    `${indent}for (let offset = 0, total = 1; offset < total; offset += ${plan.cap}) {`,
    `${indent}${step}${body}`,
    `${indent}${step}${plan.result}.data.push(...${page}.data);`,
    `${indent}${step}total = ${page}.total;`,
    `${indent}}`,
  ].join("\n");
  push(args, { start, end, text: replacement });
  const marker = dropMarkerAbove(args, LEGACY_DATE_ORDER_TODO);
  if (marker) push(args, marker);
  // The prefix skip moves to the server: its whole line goes.
  const skipStart = text.lastIndexOf("\n", plan.prefixSkip.getStart() - 1) + 1;
  const skipEnd = text.indexOf("\n", plan.prefixSkip.getEnd());
  push(plan.prefixSkip, {
    start: skipStart,
    end: skipEnd < 0 ? plan.prefixSkip.getEnd() : skipEnd + 1,
    text: "",
  });
  for (const read of group.reads) {
    const node = read.node;
    if (read.what === "result.articles") {
      push(node, { start: node.getStart(), end: node.getEnd(), text: "data" });
    } else if (read.what === "entry.tags") {
      pushTagsRead(node, push);
    }
  }
  return edits;
}

/** The edits that keep a group on the legacy envelope for the cutover. */
export function windowEdits(group: Group): Map<string, TextEdit[]> {
  const args = group.call.args;
  if (args === null || group.window || group.call.action === null || group.call.insideWrapper)
    return new Map();
  if (args.getProperties().some((p) => Node.isSpreadAssignment(p))) return new Map();
  const add = [`${LEGACY_OPT_IN_PARAM}: true`];
  // Only the listing actions take kind filters (get/resolve/preflight refuse `include`).
  const filters = ACTION_SPECS[group.call.action as Action]?.filters === true;
  if (filters && !propOf(args, "include") && !propOf(args, "exclude")) add.push(`include: ${KIND_LIST}`);
  const remove = new Set<string>();
  const meta = argValue(args, "include_metadata");
  const edits: TextEdit[] = [];
  if (group.call.action === "catalog") {
    // Legacy catalog articles carry the whole frontmatter whatever `include_metadata` says (0.28.0
    // orchestrate.ts; the legacy envelope keeps them so), so the kept call asks for no flag: a
    // `metadata` disclosure would only lower the cap to 100 and make a contract server refuse the
    // legacy `limit` (up to 500) with LIMIT_EXCEEDS_FLAG_CAP — the cutover call would stop working.
    if (meta && ["true", "false"].includes(unwrap(meta).getText())) remove.add("include_metadata");
    const disclosure = argValue(args, "disclosure");
    const flags = disclosure ? unwrap(disclosure) : undefined;
    if (
      flags &&
      Node.isArrayLiteralExpression(flags) &&
      flags.getElements().length === 1 &&
      stringValue(flags.getElements()[0]) === "metadata"
    )
      remove.add("disclosure");
    const limit = argValue(args, "limit");
    const n = limit && /^\d+$/.test(unwrap(limit).getText()) ? Number(unwrap(limit).getText()) : null;
    if (n !== null && n <= effectiveCap([]).max) {
      const marker = markerAbove(args, (reason) => reason.startsWith(`limit ${n} exceeds the cap`));
      if (marker) edits.push(marker);
    }
  } else if (meta && ["true", "false"].includes(unwrap(meta).getText())) {
    remove.add("include_metadata");
    if (unwrap(meta).getText() === "true" && !propOf(args, "disclosure"))
      add.unshift(metadataDisclosure(group.call.action as string));
  }
  edits.push({ start: args.getStart(), end: args.getEnd(), text: rebuildObject(args, remove, add) });
  return new Map([[args.getSourceFile().getFilePath(), edits]]);
}

/** A per-file transform's marker among the comment lines right above the node's statement, as an edit removing its line. */
function markerAbove(node: Node, matches: (reason: string) => boolean): TextEdit | null {
  const statement = statementOf(node);
  if (!statement) return null;
  const file = node.getSourceFile().getFullText();
  let lineStart = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
  while (lineStart > 0) {
    const above = file.lastIndexOf("\n", lineStart - 2) + 1;
    const line = file.slice(above, lineStart).trim();
    if (!line.startsWith("//")) return null;
    const at = line.indexOf(`${TODO_TAG}: `);
    if (at >= 0 && matches(line.slice(at + TODO_TAG.length + 2)))
      return { start: above, end: lineStart, text: "" };
    lineStart = above;
  }
  return null;
}

/**
 * A wrapper sending the umbrella tool with its `action` parameter, routed to
 * the action tools: `name: "oddkit"` → `` name: `oddkit_${action}` ``, and
 * `action` (and the umbrella's placeholder `input: ""`) dropped from the
 * arguments. Callers of search/get/resolve/preflight that relied on the
 * placeholder get `input: ""` themselves.
 */
export function wrapperEdits(inner: Group, callers: readonly Group[]): Map<string, TextEdit[]> | null {
  const edits = new Map<string, TextEdit[]>();
  const push = (node: Node, e: TextEdit) => {
    const f = node.getSourceFile().getFilePath();
    edits.set(f, [...(edits.get(f) ?? []), e]);
  };
  if (!inner.call.umbrella || !inner.call.insideWrapper || callers.length === 0) return null;
  if (callers.some((c) => c.call.action === null)) return null;
  const args = inner.call.args;
  const nameNode = inner.call.at;
  if (!args) return null;
  const action = argValue(args, "action");
  if (!action || !Node.isIdentifier(unwrap(action))) return null;
  const actionName = unwrap(action).getText();
  const input = argValue(args, "input");
  const placeholder = input !== undefined && stringValue(input) === "";
  push(nameNode, {
    start: nameNode.getStart(),
    end: nameNode.getEnd(),
    text: `\`oddkit_\${${actionName}}\``,
  });
  // The per-file transform marked this call for a human (a computed action); routed, it needs none.
  const file = nameNode.getSourceFile().getFullText();
  const statement = statementOf(nameNode);
  if (statement) {
    const lineStart = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
    const above = file.lastIndexOf("\n", lineStart - 2) + 1;
    const line = file.slice(above, lineStart);
    if (line.includes(`${TODO_TAG}: ${COMPUTED_ACTION_TODO}`))
      push(nameNode, { start: above, end: lineStart, text: "" });
  }
  push(args, {
    start: args.getStart(),
    end: args.getEnd(),
    text: rebuildObject(args, new Set(placeholder ? ["action", "input"] : ["action"]), []),
  });
  if (placeholder) {
    for (const caller of callers) {
      if (caller.call.action === "catalog") continue;
      const callArgs = caller.call.args;
      if (callArgs && argValue(callArgs, "input")) continue;
      if (!callArgs) {
        const call = caller.call.node;
        if (!Node.isCallExpression(call)) return null;
        const argList = call.getArguments();
        const index = argList.findIndex((a) => stringValue(a) !== null);
        if (argList.length > index + 1) return null; // a non-literal params object: cannot add input
        const last = argList[argList.length - 1] as Node;
        push(call, { start: last.getEnd(), end: last.getEnd(), text: ', { input: "" }' });
      } else {
        push(callArgs, {
          start: callArgs.getStart(),
          end: callArgs.getEnd(),
          text: rebuildObject(callArgs, new Set(), ['input: ""']),
        });
      }
    }
  }
  return edits;
}

/**
 * Apply edits to a text, bottom-up; overlapping edits keep the first (outermost wins is not attempted).
 * The edits are written with "\n" line breaks; in a text that breaks lines with CRLF they are written
 * with CRLF (the rule insertMarkers uses), so a rewritten file keeps one line-break style.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  const crlf = text.includes("\r\n");
  let out = text;
  let floor = Number.POSITIVE_INFINITY;
  for (const e of sorted) {
    if (e.end > floor) continue;
    const inserted = crlf ? e.text.replace(/\r?\n/g, "\r\n") : e.text;
    out = out.slice(0, e.start) + inserted + out.slice(e.end);
    floor = e.start;
  }
  return out;
}
