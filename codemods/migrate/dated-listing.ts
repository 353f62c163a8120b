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
import { Node, type ObjectLiteralExpression } from "ts-morph";
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

/** The group read as a dated prefix slice, or null when it is anything else. */
export function datedPrefixSlice(group: Group): DatedPrefixSlice | null {
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
  const metadata =
    group.reads.some((r) => ENTRY_READS.has(r.what)) ||
    (meta !== undefined && unwrap(meta).getText() === "true");
  if (k > effectiveCap(metadata ? ["metadata"] : []).max) return null;
  return {
    prefix,
    limit: k,
    filter: { start: access.getEnd(), end: filterCall.getEnd() },
    pathReads,
  };
}
