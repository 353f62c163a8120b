/**
 * A date-sorted catalog listing narrowed in code to one path prefix and cut
 * to its first k entries — the "latest handoffs" shape:
 *
 *   call(CATALOG, { sort_by: "date", limit: 500 })
 *   … result.articles.filter((a) => a.path.startsWith("odd/handoffs/")).slice(0, 10)
 *
 * becomes `{ sort_by: "date", path_prefix: "odd/handoffs/", limit: 10,
 * include: [every kind] }` read as `result.data.slice(0, 10)`: the server
 * narrows by path (the one thing the entries can no longer tell: they carry no
 * path) and the page is the caller's own slice, within the cap.
 *
 * Why this keeps what the caller got, and under which conditions (measured on
 * the real-world corpus: docs/codemods.md):
 * - legacy's date order is newest first by the frontmatter date text, the
 *   contract's newest first by the parsed date (ties by path, as the legacy
 *   index is sorted): the same order where dates are written
 *   `YYYY-MM-DD[THH:MM:SSZ]`;
 * - legacy listed only documents with frontmatter, undated ones after the
 *   dated; the contract lists undated documents last too. The first k under
 *   the prefix are the same while the prefix holds at least k dated documents
 *   within legacy's own limit (a date-sorted listing of recent documents);
 * - the prefix lies under a kind's path (`odd/`, `canon/`, …) and every kind
 *   is included, so every document under it is listed (a document outside
 *   every kind is never listed by the contract).
 * Anything else — another predicate, a slice the cap refuses, a prefix outside
 * the kinds, an entry's path read elsewhere — is not this shape: the group
 * stays on the legacy envelope, flagged.
 */
import { DEFAULT_KIND_MAP, effectiveCap } from "oddkit-sdk/contract";
import { Node, type ObjectLiteralExpression, type PropertyAccessExpression } from "ts-morph";
import { stringValue } from "./detect/calls.js";
import type { Group } from "./detect/index.js";
import { unwrap } from "./detect/nodes.js";

export interface DatedPrefixSlice {
  readonly prefix: string;
  /** The caller's `.slice(0, k)`: the server page. */
  readonly limit: number;
  /** `.filter((a) => a.path.startsWith(…))`: removed (from the end of the list read to the end of the call). */
  readonly filter: { readonly start: number; readonly end: number };
  /** The entry.path reads the server filter replaces. */
  readonly pathReads: ReadonlySet<Node>;
}

const ARGUMENTS = new Set(["sort_by", "limit", "include_metadata"]);
const ENTRY_READS = new Set(["entry.metadata", "entry.tags"]);

function argValue(args: ObjectLiteralExpression, key: string): Node | undefined {
  const p = args.getProperty(key);
  return Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
}

function integer(node: Node | undefined): number | null {
  const n = node ? unwrap(node) : undefined;
  return n && Node.isNumericLiteral(n) && /^\d+$/.test(n.getText()) ? Number(n.getText()) : null;
}

/** `(a) => a.path.startsWith("P")`: P, or null. */
function prefixPredicate(callback: Node | undefined): string | null {
  if (!callback || !Node.isArrowFunction(callback) || callback.getParameters().length !== 1) return null;
  const param = callback.getParameters()[0]!.getNameNode();
  const body = callback.getBody();
  if (!Node.isIdentifier(param) || !Node.isExpression(body)) return null;
  const test = unwrap(body);
  if (!Node.isCallExpression(test) || test.getArguments().length !== 1) return null;
  const callee = test.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "startsWith") return null;
  const target = unwrap(callee.getExpression());
  if (!Node.isPropertyAccessExpression(target) || target.getName() !== "path") return null;
  if (unwrap(target.getExpression()).getText() !== param.getText()) return null;
  const prefix = stringValue(test.getArguments()[0]);
  return prefix && prefix.length > 0 ? prefix : null;
}

/** What both dated shapes start from: a legacy date-sorted catalog call and its one `<result>.articles` read. */
interface DatedCatalog {
  /** Legacy's page size: the call's literal `limit`, else legacy's default 10. */
  readonly legacyLimit: number;
  /** The `articles` name node of the one list read. */
  readonly list: Node;
  /** `<result>.articles`. */
  readonly access: PropertyAccessExpression;
  /** The rewritten call needs the metadata flag: an entry's metadata or tags are read, or `include_metadata: true`. */
  readonly metadata: boolean;
}

/**
 * The guard both shapes share: a catalog call outside a wrapper, not kept on
 * the legacy envelope, whose reply does not escape, with literal arguments
 * among `sort_by: "date"`, an integer `limit` and a literal `include_metadata`,
 * and whose entries are read through exactly one `<result>.articles`.
 */
function datedCatalogArgs(group: Group): DatedCatalog | null {
  const { call } = group;
  if (call.action !== "catalog" || call.insideWrapper || group.window || group.escapes.length > 0)
    return null;
  const args = call.args;
  if (args === null) return null;
  for (const p of args.getProperties()) {
    if (!Node.isPropertyAssignment(p) || !ARGUMENTS.has(p.getName())) return null;
  }
  if (stringValue(argValue(args, "sort_by")) !== "date") return null;
  const legacyLimit = argValue(args, "limit") ? integer(argValue(args, "limit")) : 10;
  if (legacyLimit === null) return null;
  const meta = argValue(args, "include_metadata");
  if (meta && !["true", "false"].includes(unwrap(meta).getText())) return null;

  const lists = group.reads.filter((r) => r.what === "result.articles");
  if (lists.length !== 1) return null;
  const list = lists[0]!.node;
  const access = list.getParent();
  if (!Node.isPropertyAccessExpression(access) || access.getNameNode() !== list) return null;
  const metadata =
    group.reads.some((r) => ENTRY_READS.has(r.what)) ||
    (meta !== undefined && unwrap(meta).getText() === "true");
  return { legacyLimit, list, access, metadata };
}

/** The group read as a dated prefix slice, or null when it is anything else. */
export function datedPrefixSlice(group: Group): DatedPrefixSlice | null {
  const catalog = datedCatalogArgs(group);
  if (catalog === null) return null;
  const { legacyLimit, list, access } = catalog;
  // list.filter(prefix predicate).slice(0, k)
  const filterName = access.getParent();
  if (!Node.isPropertyAccessExpression(filterName) || filterName.getName() !== "filter") return null;
  const filterCall = filterName.getParent();
  if (!Node.isCallExpression(filterCall) || filterCall.getArguments().length !== 1) return null;
  const callback = filterCall.getArguments()[0];
  const prefix = prefixPredicate(callback);
  if (prefix === null) return null;
  if (!Object.keys(DEFAULT_KIND_MAP).some((kindPrefix) => prefix.startsWith(kindPrefix))) return null;
  const sliceName = filterCall.getParent();
  if (!Node.isPropertyAccessExpression(sliceName) || sliceName.getName() !== "slice") return null;
  const sliceCall = sliceName.getParent();
  if (!Node.isCallExpression(sliceCall) || sliceCall.getArguments().length !== 2) return null;
  const [from, to] = sliceCall.getArguments();
  const k = integer(to);
  if (integer(from) !== 0 || k === null || k < 1 || k > legacyLimit) return null;

  const pathReads = new Set<Node>();
  for (const read of group.reads) {
    if (read.node === list) continue;
    if (read.what === "entry.path" && read.node.getFirstAncestor((a) => a === callback)) {
      pathReads.add(read.node);
      continue;
    }
    if (!ENTRY_READS.has(read.what)) return null;
  }
  if (pathReads.size === 0) return null;
  const { metadata } = catalog;
  if (k > effectiveCap(metadata ? ["metadata"] : []).max) return null;
  return {
    prefix,
    limit: k,
    filter: { start: access.getEnd(), end: filterCall.getEnd() },
    pathReads,
  };
}

/**
 * The "journal feed" shape: every dated entry under one path prefix, in a
 * `for…of` over the listing whose body starts by skipping the rest:
 *
 *   const res = await fetch(…{ name: "oddkit_catalog", arguments: { sort_by: "date", limit: 500 } }…);
 *   const body = await res.json();
 *   const catalog = JSON.parse(body.result.content[0].text).result;
 *   for (const a of catalog.articles) {
 *     if (!a.path.startsWith("odd/journal/")) continue;
 *     if (!a.metadata.date) continue;
 *     …
 *
 * The statements from the call to the one declaring the result are run once
 * per page (within the cap, `offset` advancing until `total`) and the pages'
 * `data` collected under the result's name; the prefix moves to the server.
 * Undated entries are skipped by the caller, so legacy's frontmatter-only
 * listing does not matter; its 500-cut drops undated documents first, so it
 * does not either while the knowledge base holds no more dated documents than
 * legacy's limit (documented).
 */
export interface DatedPrefixLoop {
  readonly prefix: string;
  /** The page size: the cap of the flags the rewritten call asks for. */
  readonly cap: number;
  readonly metadata: boolean;
  /** The name of the result (`catalog` in `catalog.articles`). */
  readonly result: string;
  /** First and last statement run per page (same block, the call's statement first). */
  readonly first: Node;
  readonly last: Node;
  /** The `if (!a.path.startsWith(P)) continue;` statement: removed. */
  readonly prefixSkip: Node;
  readonly pathReads: ReadonlySet<Node>;
}

/** `if (!<entry>.<…>) continue;` with no else: the skipped condition's operand, or null. */
function skipIfNot(statement: Node | undefined): Node | null {
  if (!statement || !Node.isIfStatement(statement) || statement.getElseStatement()) return null;
  const then = statement.getThenStatement();
  const only = Node.isBlock(then) ? then.getStatements() : [then];
  if (only.length !== 1 || !Node.isContinueStatement(only[0]) || only[0].getLabel()) return null;
  const test = unwrap(statement.getExpression());
  if (!Node.isPrefixUnaryExpression(test) || test.getOperatorToken() !== 54 /* ! */) return null;
  return unwrap(test.getOperand());
}

/** `<entry>.path.startsWith("P")`: P, or null. */
function prefixTest(node: Node | null, entry: string): string | null {
  if (!node || !Node.isCallExpression(node) || node.getArguments().length !== 1) return null;
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "startsWith") return null;
  const target = unwrap(callee.getExpression());
  if (!Node.isPropertyAccessExpression(target) || target.getName() !== "path") return null;
  if (unwrap(target.getExpression()).getText() !== entry) return null;
  const prefix = stringValue(node.getArguments()[0]);
  return prefix && prefix.length > 0 ? prefix : null;
}

/** `<entry>.metadata.date` (optional chains too). */
function isDateRead(node: Node | null, entry: string): boolean {
  if (!node || !Node.isPropertyAccessExpression(node) || node.getName() !== "date") return false;
  const meta = unwrap(node.getExpression());
  return (
    Node.isPropertyAccessExpression(meta) &&
    meta.getName() === "metadata" &&
    unwrap(meta.getExpression()).getText() === entry
  );
}

export function datedPrefixLoop(group: Group): DatedPrefixLoop | null {
  const catalog = datedCatalogArgs(group);
  if (catalog === null) return null;
  const { list, access } = catalog;
  const holder = unwrap(access.getExpression());
  if (!Node.isIdentifier(holder)) return null;
  // for (const a of <result>.articles [as T[]]) { if (!a.path.startsWith(P)) continue; if (!a.metadata.date) continue; … }
  let iterable: Node = access;
  while (Node.isAsExpression(iterable.getParent()) || Node.isParenthesizedExpression(iterable.getParent()))
    iterable = iterable.getParent() as Node;
  const loop = iterable.getParent();
  if (!Node.isForOfStatement(loop) || loop.getExpression() !== iterable || loop.isAwaited()) return null;
  const init = loop.getInitializer();
  const decl = Node.isVariableDeclarationList(init) ? init.getDeclarations() : [];
  const entryName = decl.length === 1 ? decl[0]!.getNameNode() : undefined;
  if (!entryName || !Node.isIdentifier(entryName)) return null;
  const entry = entryName.getText();
  const body = loop.getStatement();
  if (!Node.isBlock(body)) return null;
  const [s1, s2] = body.getStatements();
  let prefix: string | null = null;
  let prefixSkip: Node | undefined;
  let dated = false;
  for (const s of [s1, s2]) {
    const operand = skipIfNot(s);
    const p = prefixTest(operand, entry);
    if (p !== null && prefix === null) {
      prefix = p;
      prefixSkip = s;
    } else if (isDateRead(operand, entry)) dated = true;
    else return null;
  }
  if (prefix === null || !prefixSkip || !dated) return null;
  if (!Object.keys(DEFAULT_KIND_MAP).some((kindPrefix) => prefix.startsWith(kindPrefix))) return null;

  const pathReads = new Set<Node>();
  for (const read of group.reads) {
    if (read.node === list) continue;
    if (read.what === "entry.path" && read.node.getFirstAncestor((a) => a === prefixSkip)) {
      pathReads.add(read.node);
      continue;
    }
    if (!ENTRY_READS.has(read.what)) return null;
  }
  if (pathReads.size === 0) return null;

  // The statements from the call's to the result's declaration, in the loop's block, before it.
  const first = group.call.node.getFirstAncestor((a) => a.getParent() === loop.getParent());
  const last = holderDeclaration(holder);
  if (!first || !last || last.getParent() !== loop.getParent()) return null;
  const block = loop.getParent();
  if (!block || !(Node.isBlock(block) || Node.isSourceFile(block))) return null;
  const statements = block.getStatements();
  const from = statements.indexOf(first as never);
  const to = statements.indexOf(last as never);
  if (from < 0 || to < from || to >= statements.indexOf(loop as never)) return null;
  // Names declared there are read per page only: nothing after them may read one but the result.
  const declared = new Set<string>();
  for (const s of statements.slice(from, to + 1)) {
    if (!Node.isVariableStatement(s)) continue;
    for (const d of s.getDeclarations()) {
      if (!Node.isIdentifier(d.getNameNode())) return null;
      declared.add(d.getName());
    }
  }
  declared.delete(holder.getText());
  for (const s of statements.slice(to + 1)) {
    for (const id of s.getDescendantsOfKind(80 /* Identifier */)) if (declared.has(id.getText())) return null;
  }
  const { metadata } = catalog;
  return {
    prefix,
    cap: effectiveCap(metadata ? ["metadata"] : []).max,
    metadata,
    result: holder.getText(),
    first,
    last,
    prefixSkip,
    pathReads,
  };
}

/** `const <name> = …;` declaring the identifier, as its statement. */
function holderDeclaration(holder: Node): Node | undefined {
  if (!Node.isIdentifier(holder)) return undefined;
  const decl = holder.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() === undefined) return undefined;
  const list = decl.getParent();
  if (!Node.isVariableDeclarationList(list) || list.getDeclarations().length !== 1) return undefined;
  const statement = list.getParent();
  return Node.isVariableStatement(statement) ? statement : undefined;
}
