/**
 * A catalog listing the code pages itself, under `listings=complete`
 * (decisions.ts): a loop that calls the catalog with its own `offset`, joins
 * each page's `articles`, advances by the page's `pagination.limit` and stops
 * on `pagination.has_more` —
 *
 *   while (more) {
 *     … call("oddkit_catalog", { sort_by: "date", limit: 500, offset, include_metadata: true }) …
 *     list.push(...envelope.result.articles);
 *     more = envelope.result.pagination.has_more;
 *     offset += envelope.result.pagination.limit;
 *   }
 *
 * The loop stays the code's own; each read moves to its contract counterpart:
 * `articles` → `data`, `pagination.has_more` → `offset + data.length < total`,
 * `pagination.limit` / `.offset` / `.total_candidates` → `limit` / `offset` /
 * `total`, and the page size becomes the cap of the flags the reads need (the
 * loop advances by the echoed limit, so a smaller page lists the same
 * documents). The decisions behind it: the contract lists every document,
 * where legacy's date order listed only those with frontmatter (`listings`);
 * an entry's `path` is the one its URI names (`paths=uri`); its frontmatter is
 * the contract's `metadata` (`frontmatter=contract`); path order is the
 * contract's (`order=contract`, as a re-sort cannot reorder pages the loop
 * already consumed).
 *
 * Only the advance the page itself reports is safe to keep (its echoed limit,
 * or its own length): an offset moved by
 * anything else (a literal step, `++`, a value from elsewhere) would skip or
 * repeat documents once the page size changes, so such a loop is not this
 * shape and stays on the legacy envelope, flagged.
 */
import { effectiveCap } from "oddkit-sdk/contract";
import { Node, SyntaxKind } from "ts-morph";
import { KIND_LIST } from "./added-functions.js";
import { callOnlyMarker, type Edit, literalPageArgs } from "./complete-listing.js";
import type { DecisionChoices } from "./decisions.js";
import { stringValue } from "./detect/calls.js";
import type { FlowRead } from "./detect/flow.js";
import type { Group } from "./detect/index.js";
import { argValue, isFunctionLike, unwrap } from "./detect/nodes.js";
import { rebuildObject } from "./object-text.js";

const LOOP_ARGS = new Set(["sort_by", "limit", "offset", "include_metadata", "disclosure"]);

/** A legacy pagination field and its contract counterpart, given the result's text. */
const PAGINATION: Readonly<Record<string, (result: string) => string>> = {
  has_more: (r) => `${r}.offset + ${r}.data.length < ${r}.total`,
  limit: (r) => `${r}.limit`,
  offset: (r) => `${r}.offset`,
  total_candidates: (r) => `${r}.total`,
};

/** A result written as a name or a chain of names: read more than once without effects. */
const PLAIN_CHAIN = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** `<result>.pagination.<field>`: the whole access, the result it reads and the field. */
interface PaginationRead {
  readonly access: import("ts-morph").PropertyAccessExpression;
  readonly result: string;
  readonly field: string;
}

export interface OwnPageLoop {
  readonly metadata: boolean;
  readonly pagination: readonly PaginationRead[];
}

function isAssignmentTarget(node: Node): boolean {
  const parent = node.getParent();
  if (Node.isBinaryExpression(parent) && parent.getLeft() === node) {
    const op = parent.getOperatorToken().getKind();
    return op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment;
  }
  if (Node.isPrefixUnaryExpression(parent)) {
    const op = parent.getOperatorToken();
    return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
  }
  return Node.isPostfixUnaryExpression(parent) || Node.isDeleteExpression(parent);
}

/** The `<result>.pagination.<field>` a `result.pagination` read starts, when it is that chain. */
function paginationRead(read: FlowRead): PaginationRead | null {
  const inner = read.node.getParent();
  if (!Node.isPropertyAccessExpression(inner) || inner.getNameNode() !== read.node) return null;
  const outer = inner.getParent();
  if (!Node.isPropertyAccessExpression(outer) || outer.getExpression() !== inner) return null;
  const field = outer.getName();
  const result = inner.getExpression().getText();
  if (!(field in PAGINATION) || !PLAIN_CHAIN.test(result) || isAssignmentTarget(outer)) return null;
  return { access: outer, result, field };
}

/** The innermost loop statement holding `node` inside its function. */
function enclosingLoop(node: Node): Node | undefined {
  for (let a = node.getParent(); a && !isFunctionLike(a); a = a.getParent())
    if (Node.isWhileStatement(a) || Node.isDoStatement(a) || Node.isForStatement(a)) return a;
  return undefined;
}

/**
 * The call's `offset` is a local of its function, declared before the loop, and the loop moves it
 * only by the page's own report: `offset += <r>.pagination.limit` or
 * `offset = <r>.pagination.offset + <r>.pagination.limit`.
 */
function advancesByPage(group: Group, loop: Node, reads: readonly PaginationRead[]): boolean {
  const property = group.call.args?.getProperty("offset");
  let symbol: import("ts-morph").Symbol | undefined;
  if (Node.isShorthandPropertyAssignment(property)) symbol = property.getValueSymbol();
  else if (Node.isPropertyAssignment(property)) {
    const value = property.getInitializer();
    if (value && Node.isIdentifier(value)) symbol = value.getSymbol();
  }
  const declaration = symbol?.getDeclarations()[0];
  if (!declaration || !Node.isVariableDeclaration(declaration)) return false;
  if (declaration.getFirstAncestor((a) => a === loop)) return false;
  const init = declaration.getInitializer();
  if (!init || !Node.isNumericLiteral(init)) return false;
  const chains = new Map(reads.map((r) => [r.access as Node, r.field]));
  let advanced = false;
  for (const ref of declaration.getNameNode().asKindOrThrow(SyntaxKind.Identifier).findReferencesAsNodes()) {
    if (ref === declaration.getNameNode() || !isAssignmentTarget(ref)) continue;
    const assignment = ref.getParent();
    if (!Node.isBinaryExpression(assignment) || !assignment.getFirstAncestor((a) => a === loop)) return false;
    const op = assignment.getOperatorToken().getKind();
    const right = unwrap(assignment.getRight());
    if (op === SyntaxKind.PlusEqualsToken && (chains.get(right) === "limit" || pageLength(group, right)))
      advanced = true;
    else if (
      op === SyntaxKind.EqualsToken &&
      Node.isBinaryExpression(right) &&
      right.getOperatorToken().getKind() === SyntaxKind.PlusToken &&
      chains.get(unwrap(right.getLeft())) === "offset" &&
      chains.get(unwrap(right.getRight())) === "limit"
    )
      advanced = true;
    else return false;
  }
  return advanced;
}

/** `<result>.articles.length`, the page's own count, for one of the group's list reads. */
function pageLength(group: Group, node: Node): boolean {
  if (!Node.isPropertyAccessExpression(node) || node.getName() !== "length") return false;
  const list = unwrap(node.getExpression());
  if (!Node.isPropertyAccessExpression(list)) return false;
  return group.reads.some((r) => r.what === "result.articles" && r.node === list.getNameNode());
}

/** An entry read the loop's rewrite handles under these choices. */
function entryReadOk(read: FlowRead, choices: DecisionChoices): boolean {
  if (read.what === "entry.metadata" || read.what.startsWith("filter on metadata.")) return true;
  if (read.what !== "entry.path" || choices.paths !== "uri") return false;
  const parent = read.node.getParent();
  if (Node.isPropertyAccessExpression(parent)) return !isAssignmentTarget(parent);
  return pathBinding(read.node) !== null;
}

/** `const { path } = <name>;`: the declaration and the name, for a derived `const path = …`. */
function pathBinding(node: Node): { declaration: Node; source: string } | null {
  if (!Node.isBindingElement(node) || node.getPropertyNameNode() || node.getInitializer()) return null;
  if (node.getDotDotDotToken()) return null;
  const pattern = node.getParent();
  const declaration = pattern?.getParent();
  if (!Node.isObjectBindingPattern(pattern) || pattern.getElements().length !== 1) return null;
  if (!Node.isVariableDeclaration(declaration)) return null;
  const init = declaration.getInitializer();
  return init && Node.isIdentifier(init) ? { declaration, source: init.getText() } : null;
}

/** The group as a page loop of its own under these choices, or null when it is not that shape. */
export function ownPageLoop(group: Group, choices: DecisionChoices): OwnPageLoop | null {
  const { call } = group;
  if (call.action !== "catalog" || choices.listings !== "complete") return null;
  if (call.insideWrapper || group.window || group.escapes.length > 0 || !call.args) return null;
  if (!Node.isCallExpression(call.node) || call.node.getTypeArguments().length > 0) return null;
  const args = call.args;
  for (const p of args.getProperties()) {
    const named = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p);
    if (!named || !LOOP_ARGS.has(p.getName())) return null;
  }
  const sortBy = argValue(args, "sort_by") ? stringValue(argValue(args, "sort_by")) : "path";
  if (sortBy !== "date" && !(sortBy === "path" && choices.order === "contract")) return null;
  if (!literalPageArgs(args)) return null;
  const metadata = group.reads.some(
    (r) => r.what === "entry.metadata" || r.what.startsWith("filter on metadata."),
  );
  if (metadata && choices.frontmatter !== "contract") return null;

  const loop = enclosingLoop(call.node);
  if (!loop) return null;
  const pagination: PaginationRead[] = [];
  let lists = 0;
  for (const read of group.reads) {
    if (read.what === "result.articles") {
      const access = read.node.getParent();
      if (!Node.isPropertyAccessExpression(access) || access.getNameNode() !== read.node) return null;
      if (isAssignmentTarget(access) || !access.getFirstAncestor((a) => a === loop)) return null;
      lists++;
    } else if (read.what === "result.pagination") {
      const chain = paginationRead(read);
      if (!chain || !chain.access.getFirstAncestor((a) => a === loop)) return null;
      pagination.push(chain);
    } else if (read.what.startsWith("pagination.")) {
      // Read through its `result.pagination` chain, checked there.
      const access = read.node.getParent();
      if (!Node.isPropertyAccessExpression(access) || !(access.getName() in PAGINATION)) return null;
    } else if (!entryReadOk(read, choices)) return null;
  }
  const chained = new Set(pagination.map((p) => p.access.getNameNode() as Node));
  if (group.reads.some((r) => r.what.startsWith("pagination.") && !chained.has(r.node))) return null;
  if (lists === 0 || !pagination.some((p) => p.field === "has_more")) return null;
  if (!advancesByPage(group, loop, pagination)) return null;
  return { metadata, pagination };
}

/** Where a `has_more` replacement (`a + b < c`) reads as one value without parentheses. */
function standsAlone(access: Node): boolean {
  const parent = access.getParent();
  if (Node.isBinaryExpression(parent))
    return parent.getRight() === access && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
  return (
    Node.isVariableDeclaration(parent) ||
    Node.isWhileStatement(parent) ||
    Node.isDoStatement(parent) ||
    Node.isIfStatement(parent) ||
    Node.isReturnStatement(parent) ||
    Node.isParenthesizedExpression(parent)
  );
}

/** The edits of an own page loop; `helper(node, "pathOfUri")` asks for the file's path function. */
export function ownPageLoopEdits(
  group: Group,
  plan: OwnPageLoop,
  helper: (node: Node, name: "pathOfUri") => string,
): Edit[] {
  const args = group.call.args as import("ts-morph").ObjectLiteralExpression;
  const cap = effectiveCap(plan.metadata ? ["metadata"] : []).max;
  const add = [
    `limit: ${cap}`,
    ...(plan.metadata ? ['disclosure: ["metadata"]'] : []),
    `include: ${KIND_LIST}`,
  ];
  const rebuilt = rebuildObject(args, new Set(["limit", "include_metadata", "disclosure"]), add);
  const edits: Edit[] = [{ node: args, start: args.getStart(), end: args.getEnd(), text: rebuilt }];
  const marker = callOnlyMarker(group.call.node);
  if (marker) edits.push({ node: group.call.node, ...marker });
  for (const chain of plan.pagination) {
    const text = PAGINATION[chain.field]?.(chain.result) as string;
    const wrapped = chain.field === "has_more" && !standsAlone(chain.access) ? `(${text})` : text;
    edits.push({
      node: chain.access,
      start: chain.access.getStart(),
      end: chain.access.getEnd(),
      text: wrapped,
    });
  }
  const done = new Set<Node>();
  for (const read of group.reads) {
    const node = read.node;
    if (read.what === "result.articles")
      edits.push({ node, start: node.getStart(), end: node.getEnd(), text: "data" });
    if (read.what !== "entry.path") continue;
    const access = node.getParent();
    if (Node.isPropertyAccessExpression(access)) {
      const text = `${helper(node, "pathOfUri")}(${access.getExpression().getText()}.uri)`;
      edits.push({ node, start: access.getStart(), end: access.getEnd(), text });
      continue;
    }
    const binding = pathBinding(node);
    if (!binding || done.has(binding.declaration)) continue;
    done.add(binding.declaration);
    const { declaration, source } = binding;
    edits.push({
      node,
      start: declaration.getStart(),
      end: declaration.getEnd(),
      text: `path = ${helper(node, "pathOfUri")}(${source}.uri)`,
    });
  }
  edits.push(...entryTypeEdits(group));
  return edits;
}

/**
 * The code's own entry type, declared with the `path` the contract does not carry: its `path`
 * member goes (or becomes the `uri` the path is now derived from, when the type has none), so
 * the type says what a contract entry holds and a typed client's entries are assignable to it.
 */
function entryTypeEdits(group: Group): Edit[] {
  const edits: Edit[] = [];
  const seen = new Set<Node>();
  for (const read of group.reads) {
    if (read.what !== "entry.path") continue;
    const access = read.node.getParent();
    const entry = Node.isPropertyAccessExpression(access)
      ? access.getExpression()
      : Node.isBindingElement(read.node)
        ? read.node.getParent()?.getParent()
        : undefined;
    const symbol = entry?.getType().getSymbol() ?? entry?.getType().getAliasSymbol();
    for (const declaration of symbol?.getDeclarations() ?? []) {
      const members = Node.isInterfaceDeclaration(declaration)
        ? declaration
        : Node.isTypeLiteral(declaration)
          ? declaration
          : null;
      if (!members || declaration.getSourceFile().isDeclarationFile()) continue;
      if (declaration.getSourceFile().isInNodeModules()) continue;
      const path = members.getProperty("path");
      if (!path || seen.has(path) || path.getTypeNode()?.getText() !== "string") continue;
      seen.add(path);
      if (!members.getProperty("uri")) {
        const name = path.getNameNode();
        edits.push({ node: path, start: name.getStart(), end: name.getEnd(), text: "uri" });
        continue;
      }
      edits.push({ node: path, ...lineOf(path), text: "" });
    }
  }
  return edits;
}

/** A member's own line (indent and newline included) when it stands alone on it, else its text. */
function lineOf(node: Node): { start: number; end: number } {
  const file = node.getSourceFile().getFullText();
  const lineStart = file.lastIndexOf("\n", node.getStart() - 1) + 1;
  const newline = file.indexOf("\n", node.getEnd());
  const lineEnd = newline < 0 ? file.length : newline + 1;
  const alone =
    file.slice(lineStart, node.getStart()).trim() === "" && file.slice(node.getEnd(), lineEnd).trim() === "";
  return alone ? { start: lineStart, end: lineEnd } : { start: node.getStart(), end: node.getEnd() };
}
