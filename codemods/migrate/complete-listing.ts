/**
 * A catalog listing under `listings=complete` (decisions.ts): the legacy
 * fat-catalog call (`{ sort_by, limit: 500, include_metadata }`, cut at 500
 * before the code filtered it) becomes every page of the contract listing,
 * joined into one answer by a helper the rewrite adds to the file:
 *
 *   await oddkit<CatalogResult>("oddkit_catalog", { sort_by: "path", limit: 500 })
 *   → await oddkitEveryPage((offset) => oddkit<…>("oddkit_catalog", { sort_by: "path", limit: 500, offset, include: [...] }), …)
 *
 * The shape it takes: the call's own (awaited) value holds the reply as
 * parsed JSON (a wrapper returning the `result`, or a proxy answering
 * `{ data: { result } }`), so a page is one call of it. `sort_by: "path"`
 * needs `order`: `resort` sorts the joined list as 0.28.x did (locale order of
 * the path, here the path the URI names: exact where `paths` is), `contract`
 * keeps the contract's order. A raw fetch parsed by the statements after it
 * (`const res = await fetch(…); …; const { articles } = JSON.parse(…).result
 * as { articles: T[] };`) is a page too: those statements become the page
 * function, returning the result. Reads: `articles` → `data`, `entry.metadata`
 * (the metadata flag, so pages of 100), `entry.path` (paths=uri), a client
 * filter on metadata (kept: it now sees every document), a destructured
 * `pagination` read for its `total_candidates` (→ `total`).
 */
import { effectiveCap } from "oddkit-sdk/contract";
import { Node, type ObjectLiteralExpression, SyntaxKind } from "ts-morph";
import { TODO_TAG } from "../lib/todo.js";
import { KIND_LIST } from "./added-functions.js";
import { decidedNote } from "./decided-reads.js";
import type { DecisionChoices } from "./decisions.js";
import { stringValue } from "./detect/calls.js";
import type { FlowRead } from "./detect/flow.js";
import type { Group } from "./detect/index.js";
import { argValue, isFunctionLike, statementOf, unwrap } from "./detect/nodes.js";

const ARGS = new Set(["sort_by", "limit", "include_metadata", "disclosure"]);

/** A function whose body makes the call and ends `return <result>.articles;`: its body is the page. */
export interface ListingFunction {
  readonly body: import("ts-morph").Block;
  /** The `<result>.articles` the body returns. */
  readonly returned: import("ts-morph").PropertyAccessExpression;
}

/**
 * Statements of one block from the call's to a declaration destructuring the parsed result's
 * articles (`const { articles } = JSON.parse(…).result as { articles: T[] };`), none of whose names
 * is used after them: those statements are the page.
 */
export interface ListingStatements {
  readonly statements: readonly Node[];
  /** The `<parsed>.result` the declaration destructures (its cast left out). */
  readonly result: Node;
  /** The declaration's cast (`as { articles: T[] }`), whose `articles` member becomes `data`. */
  readonly cast: import("ts-morph").AsExpression | null;
  readonly binding: import("ts-morph").BindingElement;
}

export interface CompleteListing {
  /** Fields from the call's awaited value to the `result` (empty: the value is the result). */
  readonly resultPath: readonly string[];
  /** Set when the page is the body of the function holding the call (the reply is parsed inside it). */
  readonly fn: ListingFunction | null;
  /** Set when the page is the statements from the call to the one destructuring the result. */
  readonly range: ListingStatements | null;
  readonly sortByPath: boolean;
  readonly metadata: boolean;
  readonly resort: boolean;
  readonly derivedPaths: boolean;
}

/**
 * The fields from the call's (awaited) value to the contract `result`, for a read of the result
 * reached with no parse since the call (its steps extend the call's own), or null.
 */
function resultPathOf(group: Group, read: FlowRead): string[] | null {
  if ((read.parsed ?? group.start.parsed) !== group.start.parsed) return null;
  const own = group.start.steps;
  if (read.steps.length < own.length || !own.every((s, i) => read.steps[i] === s)) return null;
  if (read.steps.at(-1) !== "result") return null;
  const path = read.steps.slice(own.length);
  return path.every((f) => /^[A-Za-z_$][\w$]*$/.test(f)) ? path : null;
}

/**
 * The function holding the call, when its body parses the reply and ends by returning the
 * result's articles (`return JSON.parse(…).result.articles;`), with no other result read in it.
 */
function listingFunction(group: Group): ListingFunction | null {
  const call = group.call.node;
  const fn = call.getFirstAncestor(isFunctionLike);
  if (
    !fn ||
    !(
      Node.isFunctionDeclaration(fn) ||
      Node.isArrowFunction(fn) ||
      Node.isFunctionExpression(fn) ||
      Node.isMethodDeclaration(fn)
    )
  )
    return null;
  if (!fn.isAsync()) return null;
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return null;
  const last = body.getStatements().at(-1);
  if (!last || !Node.isReturnStatement(last)) return null;
  const returned = last.getExpression();
  if (!returned || !Node.isPropertyAccessExpression(returned) || returned.getName() !== "articles")
    return null;
  const results = group.reads.filter((r) => r.what.startsWith("result."));
  if (results.length !== 1 || results[0]?.node !== returned.getNameNode()) return null;
  // Nothing else of the body may escape the page: no other return, nothing declared used after it.
  if (
    body
      .getDescendantsOfKind(SyntaxKind.ReturnStatement)
      .some((r) => r !== last && r.getFirstAncestor(isFunctionLike) === fn)
  )
    return null;
  return { body, returned };
}

/** The call's statements up to the one destructuring the result's articles, when they are a page. */
function listingStatements(group: Group): ListingStatements | null {
  const first = statementOf(group.call.node);
  const block = first?.getParent();
  if (!first || !block || !Node.isBlock(block)) return null;
  const fn = block.getParent();
  if (!fn || !isFunctionLike(fn) || !(fn as unknown as { isAsync(): boolean }).isAsync()) return null;
  const results = group.reads.filter((r) => r.what.startsWith("result."));
  if (results.length !== 1 || results[0]?.what !== "result.articles") return null;
  const binding = results[0].node;
  if (!Node.isBindingElement(binding) || binding.getPropertyNameNode() || binding.getInitializer())
    return null;
  const pattern = binding.getParent();
  const declaration = pattern?.getParent();
  if (!Node.isObjectBindingPattern(pattern) || pattern.getElements().length !== 1) return null;
  if (!Node.isVariableDeclaration(declaration)) return null;
  const last = statementOf(declaration);
  if (!last || last.getParent() !== block || !Node.isVariableStatement(last)) return null;
  if (last.getDeclarations().length !== 1) return null;
  let init = declaration.getInitializer();
  let cast: import("ts-morph").AsExpression | null = null;
  if (init && Node.isAsExpression(init)) {
    cast = init;
    init = init.getExpression();
  }
  if (!init || !Node.isPropertyAccessExpression(init) || init.getName() !== "result") return null;
  if (cast) {
    const type = cast.getTypeNode();
    if (!type || !Node.isTypeLiteral(type) || !type.getProperty("articles")) return null;
  }
  const all = block.getStatements();
  const from = all.indexOf(first as never);
  const to = all.indexOf(last as never);
  if (from < 0 || to <= from) return null;
  const statements = all.slice(from, to + 1);
  if (!namesStayInPage(statements)) return null;
  return { statements, result: init, cast, binding };
}

/**
 * The page's own names (the response, the parsed reply: those its statements before the last
 * declare) are plain names not used after the page.
 */
export function namesStayInPage(statements: readonly Node[]): boolean {
  const end = (statements.at(-1) as Node).getEnd();
  for (const statement of statements.slice(0, -1)) {
    if (!Node.isVariableStatement(statement)) continue;
    for (const d of statement.getDeclarations()) {
      const name = d.getNameNode();
      if (!Node.isIdentifier(name)) return false;
      if (name.findReferencesAsNodes().some((ref) => ref.getStart() > end)) return false;
    }
  }
  return true;
}

/** A destructured `pagination` that is the pattern's last element, read only for its total. */
function restPagination(read: FlowRead, group: Group): boolean {
  const element = read.node;
  if (!Node.isBindingElement(element) || element.getPropertyNameNode() || element.getInitializer())
    return false;
  const pattern = element.getParent();
  if (!Node.isObjectBindingPattern(pattern)) return false;
  const elements = pattern.getElements();
  if (elements[elements.length - 1] !== element) return false;
  const name = element.getName();
  return group.reads
    .filter((r) => r.what.startsWith("pagination."))
    .every((r) => r.what === "pagination.total_candidates" && pagination(r) === name);
}

/** The object a `pagination.x` read reads from, as written. */
function pagination(read: FlowRead): string | null {
  const access = read.node.getParent();
  return Node.isPropertyAccessExpression(access) ? access.getExpression().getText() : null;
}

function readOk(group: Group, read: FlowRead, choices: DecisionChoices): boolean {
  if (read.what.startsWith("filter on metadata.")) return true;
  if (read.what === "entry.metadata") return true;
  if (read.what === "entry.path")
    return choices.paths === "uri" && Node.isPropertyAccessExpression(read.node.getParent());
  if (read.what === "result.articles") {
    const parent = read.node.getParent();
    return (
      Node.isBindingElement(read.node) ||
      Node.isBindingElement(parent) ||
      (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === read.node)
    );
  }
  if (read.what === "result.pagination") return restPagination(read, group);
  if (read.what === "pagination.total_candidates") return pagination(read) !== null;
  return false;
}

/**
 * A listing call's page arguments as literals a rewrite can replace: an integer `limit`, a boolean
 * `include_metadata`, a `disclosure` of `["metadata"]` (each optional).
 */
export function literalPageArgs(args: ObjectLiteralExpression): boolean {
  const limit = argValue(args, "limit");
  if (limit && !/^\d+$/.test(unwrap(limit).getText())) return false;
  const meta = argValue(args, "include_metadata");
  if (meta && !["true", "false"].includes(unwrap(meta).getText())) return false;
  const disclosure = argValue(args, "disclosure");
  return !disclosure || unwrap(disclosure).getText().replace(/\s/g, "") === '["metadata"]';
}

/** The group as a complete listing under these choices, or null when it is not that shape. */
export function completeListing(group: Group, choices: DecisionChoices): CompleteListing | null {
  if (group.call.action !== "catalog" || choices.listings !== "complete") return null;
  const call = group.call.node;
  const args = group.call.args;
  if (!Node.isCallExpression(call) || !args || group.escapes.length > 0 || group.window) return null;
  for (const p of args.getProperties()) {
    if (!Node.isPropertyAssignment(p) || !ARGS.has(p.getName())) return null;
  }
  const sort = argValue(args, "sort_by");
  const sortBy = sort ? stringValue(sort) : "path";
  if (sortBy !== "path" && sortBy !== "date") return null;
  if (!literalPageArgs(args)) return null;
  if (sortBy === "path" && choices.order !== "resort" && choices.order !== "contract") return null;
  const readsMetadata = group.reads.some(
    (r) => r.what === "entry.metadata" || r.what.startsWith("filter on metadata."),
  );
  if (readsMetadata && choices.frontmatter !== "contract") return null;
  if (!group.reads.some((r) => r.what === "result.articles")) return null;
  if (!group.reads.every((r) => readOk(group, r, choices))) return null;
  const paths = group.reads
    .filter((r) => r.what.startsWith("result."))
    .map((r) => resultPathOf(group, r)?.join(".") ?? null);
  let fn: ListingFunction | null = null;
  let range: ListingStatements | null = null;
  if (paths.some((p) => p === null) || new Set(paths).size !== 1) {
    fn = listingFunction(group);
    if (!fn) range = listingStatements(group);
    if (!fn && !range) return null;
  }
  const resultPath = fn || range ? [] : (paths[0] as string).split(".").filter(Boolean);
  return {
    resultPath,
    fn,
    range,
    sortByPath: sortBy === "path",
    metadata: group.reads.some(
      (r) => r.what === "entry.metadata" || r.what.startsWith("filter on metadata."),
    ),
    resort: sortBy === "path" && choices.order === "resort",
    derivedPaths: group.reads.some((r) => r.what === "entry.path"),
  };
}

export interface Edit {
  readonly node: Node;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The call's arguments for one page: the legacy size and metadata switch out, the page's in. */
function pageArgs(args: ObjectLiteralExpression, plan: CompleteListing): string {
  const kept = args
    .getProperties()
    .filter((p) => Node.isPropertyAssignment(p) && ["sort_by"].includes(p.getName()))
    .map((p) => p.getText());
  const cap = effectiveCap(plan.metadata ? ["metadata"] : []).max;
  return `{ ${[
    ...kept,
    `limit: ${cap}`,
    "offset",
    ...(plan.metadata ? ['disclosure: ["metadata"]'] : []),
    `include: ${KIND_LIST}`,
  ].join(", ")} }`;
}

/** The edits of a complete listing; `helper(node, name)` asks for a file function by name. */
export function completeListingEdits(
  group: Group,
  plan: CompleteListing,
  helper: (node: Node, name: "everyPage" | "pathOfUri") => string,
): Edit[] {
  const call = group.call.node as import("ts-morph").CallExpression;
  const args = group.call.args as ObjectLiteralExpression;
  const file = call.getSourceFile().getFullText();
  // The page call: the call as written, with its arguments (and a typed call's type argument) moved.
  const inner: { start: number; end: number; text: string }[] = [
    { start: args.getStart(), end: args.getEnd(), text: pageArgs(args, plan) },
  ];
  const [typeArg] = call.getTypeArguments();
  if (typeArg && Node.isTypeReference(typeArg)) {
    const t = typeArg.getText();
    inner.push({
      start: typeArg.getStart(),
      end: typeArg.getEnd(),
      text: `Omit<${t}, "articles"> & { data: ${t}["articles"] }`,
    });
  }
  let page = file.slice(call.getStart(), call.getEnd());
  for (const e of inner.sort((a, b) => b.start - a.start))
    page = page.slice(0, e.start - call.getStart()) + e.text + page.slice(e.end - call.getStart());
  const everyPage = helper(call, "everyPage");
  const resultOf =
    plan.resultPath.length > 0 ? `(answer) => answer.${plan.resultPath.join(".")}` : "undefined";
  const order = plan.resort ? `, ${helper(call, "pathOfUri")}` : "";
  const extra = resultOf === "undefined" && order === "" ? "" : `, ${resultOf}${order}`;
  const marker = callOnlyMarker(call);
  const edits: Edit[] = plan.fn
    ? [functionPageEdit(plan.fn, call, page, marker, everyPage, extra)]
    : plan.range
      ? [
          statementsPageEdit(plan.range, plan.derivedPaths, call, page, marker, everyPage, extra),
          ...(marker && marker.end <= (plan.range.statements[0] as Node).getStart()
            ? [{ node: call, ...marker }]
            : []),
        ]
      : [
          {
            node: call,
            start: call.getStart(),
            end: call.getEnd(),
            text: `${everyPage}((offset) => ${page}${extra})`,
          },
          ...(marker ? [{ node: call, ...marker }] : []),
        ];
  const noted = new Set<number>();
  for (const read of group.reads) {
    const node = read.node;
    if (read.what.startsWith("filter on metadata.")) {
      for (const e of FILTER_NOTE(read))
        if (!noted.has(e.start)) {
          noted.add(e.start);
          edits.push(e);
        }
    } else if (read.what === "result.articles" && (plan.fn || plan.range)) {
      // The page returns the result; the function returns the joined list (functionPageEdit).
    } else if (read.what === "result.articles") {
      const element = Node.isBindingElement(node) ? node : node.getParent();
      const key = Node.isBindingElement(element) ? element.getPropertyNameNode() : undefined;
      if (Node.isBindingElement(element) && key)
        edits.push({ node, start: key.getStart(), end: key.getEnd(), text: "data" });
      else if (Node.isBindingElement(element))
        edits.push({ node, start: element.getStart(), end: element.getStart(), text: "data: " });
      else edits.push({ node, start: node.getStart(), end: node.getEnd(), text: "data" });
    } else if (read.what === "result.pagination") {
      edits.push({ node, start: node.getStart(), end: node.getStart(), text: "..." });
    } else if (read.what === "pagination.total_candidates") {
      edits.push({ node, start: node.getStart(), end: node.getEnd(), text: "total" });
    } else if (read.what === "entry.path") {
      const access = node.getParent();
      if (Node.isPropertyAccessExpression(access))
        edits.push({
          node,
          start: access.getStart(),
          end: access.getEnd(),
          text: `${helper(node, "pathOfUri")}(${access.getExpression().getText()}.uri)`,
        });
    }
  }
  return edits;
}

/** `file[from, to)` with `edits` (inside it, last first) applied. */
function editedSlice(
  file: string,
  from: number,
  to: number,
  edits: readonly { start: number; end: number; text: string }[],
): string {
  let text = file.slice(from, to);
  for (const e of edits) text = text.slice(0, e.start - from) + e.text + text.slice(e.end - from);
  return text;
}

/** The indent of the line holding position `at`. */
function indentAt(file: string, at: number): string {
  const lineStart = file.lastIndexOf("\n", at) + 1;
  return file.slice(lineStart, at).match(/^\s*/)?.[0] ?? "";
}

/**
 * The function's body becomes the page: `const listing = await oddkitEveryPage(async (offset) => {
 * …body, returning the result… }); return listing.data;`.
 */
function functionPageEdit(
  fn: ListingFunction,
  call: Node,
  page: string,
  marker: { start: number; end: number; text: string } | null,
  everyPage: string,
  extra: string,
): Edit {
  const file = call.getSourceFile().getFullText();
  const open = fn.body.getStart() + 1;
  const close = fn.body.getEnd() - 1;
  const inner = [
    { start: call.getStart(), end: call.getEnd(), text: page },
    { start: fn.returned.getStart(), end: fn.returned.getEnd(), text: fn.returned.getExpression().getText() },
    ...(marker ? [marker] : []),
  ].sort((a, b) => b.start - a.start);
  const text = editedSlice(file, open, close, inner);
  const indent = indentAt(file, fn.body.getStart());
  const body = text.replace(/\n(?=[^\n])/g, "\n  ").replace(/\n\s*$/, "\n");
  return {
    node: call,
    start: open,
    end: close,
    text: `\n${indent}  const listing = await ${everyPage}(async (offset) => {${body}${indent}  }${extra});\n${indent}  return listing.data;\n${indent}`,
  };
}

/**
 * The statements become the page: `const { data: articles } = (await oddkitEveryPage(async (offset) => {
 * …statements, returning the result… })) as { data: T[] };`.
 */
function statementsPageEdit(
  range: ListingStatements,
  derivedPaths: boolean,
  call: Node,
  page: string,
  marker: { start: number; end: number; text: string } | null,
  everyPage: string,
  extra: string,
): Edit {
  const file = call.getSourceFile().getFullText();
  const first = range.statements[0] as Node;
  const last = range.statements.at(-1) as Node;
  const start = first.getStart();
  const pageEnd = (range.statements.at(-2) as Node).getEnd();
  const inner = [{ start: call.getStart(), end: call.getEnd(), text: page }, ...(marker ? [marker] : [])]
    .filter((e) => e.start >= start && e.end <= pageEnd)
    .sort((a, b) => b.start - a.start);
  const text = editedSlice(file, start, pageEnd, inner);
  const indent = indentAt(file, start);
  const body = text.replace(/\n(?=[^\n])/g, "\n  ");
  const binding = range.binding.getName();
  const cast = range.cast?.getTypeNode();
  // Paths derived from URIs read `entry.uri`, which an entry type written for `path` may not declare
  // (every contract entry has one).
  let castText = "";
  if (cast) {
    castText = cast.getText().replace(/\barticles(\??\s*:)/, "data$1");
    if (derivedPaths)
      castText = castText.replace(/\bdata(\??\s*:\s*)([\w.]+)\[\]/, "data$1Array<$2 & { uri: string }>");
    castText = ` as ${castText}`;
  }
  const decl = (last as import("ts-morph").VariableStatement).getDeclarationKind();
  return {
    node: call,
    start,
    end: last.getEnd(),
    text: `${decl} { data: ${binding} } = (await ${everyPage}(async (offset) => {\n${indent}  ${body}\n${indent}  return ${range.result.getText()};\n${indent}}${extra}))${castText};`,
  };
}

/** A client filter the complete listing now feeds every document: kept, and noted with its decision. */
const FILTER_NOTE = decidedNote(
  "listings=complete: this filter sees every document (the legacy listing was cut at its limit before it)",
);

/** The call-only transforms' markers above the call a complete listing answers (legacy limit, date order). */
export function callOnlyMarker(node: Node): { start: number; end: number; text: string } | null {
  const statement = statementOf(node);
  if (!statement) return null;
  const file = node.getSourceFile().getFullText();
  let lineStart = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
  let start = lineStart;
  while (lineStart > 0) {
    const above = file.lastIndexOf("\n", lineStart - 2) + 1;
    const line = file.slice(above, lineStart).trim();
    if (!line.startsWith(`// ${TODO_TAG}: sort_by`) && !line.startsWith(`// ${TODO_TAG}: limit`)) break;
    start = above;
    lineStart = above;
  }
  const end = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
  return start < end ? { start, end, text: "" } : null;
}
