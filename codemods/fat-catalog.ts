/**
 * The fat catalog: a catalog call whose entries are then filtered
 * client-side (an `isPublicFacing`-style predicate, `path.startsWith`,
 * audience/exposure/tier/tag checks) — the pattern behind 97% of legacy
 * token cost.
 *
 * - When the predicate reads as an exact filter set of a named use case
 *   (USE_CASES), the transport chain (fetch or callTool, reply parsing) is
 *   replaced by the helper: `(await getEssaysIndex(oddkit)).data`, with the
 *   SDK client created once per module. This needs the chain to be
 *   self-contained, the filtered entries read only fields the helper
 *   discloses, and the URL and consumer label to be found in the file.
 * - Otherwise the call opts into the legacy envelope
 *   (`include_legacy_envelope: true`, so the existing reads keep working
 *   during the cutover) and gets a TODO naming the candidate helper and why
 *   it was not applied.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { effectiveCap, KINDS, kindFromPath, toolNameFor } from "oddkit-sdk/contract";
import {
  type AnyUseCaseRow,
  DEFAULT_INCLUDE,
  FloorSchema,
  LEGACY_OPT_IN_PARAM,
  nativeFields,
  sameFilters,
  USE_CASE_ROWS,
  type UseCaseId,
  useCaseById,
} from "oddkit-sdk/internal";
import {
  findDeclaration,
  getPropertyValue,
  isMember,
  isNumericLiteral,
  makeProperty,
  memberName,
  type Node,
  propertyKey,
  staticString,
} from "./lib/ast.js";
import { findCallChain, referencesOf } from "./lib/chain.js";
import { clientTarget, ensureClient, ensureSdkImport } from "./lib/client.js";
import { entryReadsFromList } from "./lib/entries.js";
import { findPaths } from "./lib/find.js";
import { isLegacyWindowCall, LEGACY_CATALOG_DEFAULT_LIMIT } from "./lib/legacy.js";
import { type FilterSet, readPredicate } from "./lib/predicate.js";
import { enclosingFunction, findToolSites, type ToolSite } from "./lib/sites.js";
import { addTodo } from "./lib/todo.js";
import { defineTransform, type RewriteContext } from "./lib/transform.js";

export const name = "fat-catalog";

const CATALOG_ROWS = USE_CASE_ROWS.filter((row) => row.action === "catalog");
/** Call arguments the helper call reproduces (sort order, page size) or makes moot (disclosure). */
const HELPER_SAFE_ARGS = new Set(["sort_by", "limit", "include_metadata", "disclosure"]);
/** Fields every catalog entry carries whatever the disclosure: the floor and catalog's native fields. */
const FLOOR_FIELDS = [...Object.keys(FloorSchema.shape), ...nativeFields("catalog")];

/** The use case whose filters equal `filters` exactly (a path-prefix row takes the prefix as its argument). */
function exactRow(filters: FilterSet): { row: AnyUseCaseRow; prefix?: string } | null {
  for (const row of CATALOG_ROWS) {
    if (row.input === "path_prefix") {
      const { path_prefix, ...rest } = filters;
      if (typeof path_prefix === "string" && sameFilters(rest, row.filters as FilterSet)) {
        const kind = kindFromPath(path_prefix);
        // Journals and apocrypha are outside the default kinds: the helper would list nothing.
        if (kind === null || (DEFAULT_INCLUDE as readonly string[]).includes(kind))
          return { row, prefix: path_prefix };
      }
    } else if (sameFilters(filters, row.filters as FilterSet)) {
      return { row };
    }
  }
  return null;
}

/** The candidate helper for a predicate that is not exact, from what it mentions. */
function candidateRow(hints: string): AnyUseCaseRow {
  const pick = (id: UseCaseId) => useCaseById(id) as AnyUseCaseRow;
  if (/start_here/.test(hints)) return pick("start-here-carousel");
  if (/handoffs/.test(hints) && !/public/i.test(hints)) return pick("session-history");
  if (/\btier\b|canon/.test(hints) && !/public/i.test(hints)) return pick("canon-governance-index");
  if (/public|audience|exposure/i.test(hints)) return pick("essays-index");
  if (/startsWith/.test(hints)) return pick("notebook");
  return pick("essays-index");
}

function describeRow(row: AnyUseCaseRow): string {
  const filters = Object.entries(row.filters)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(", ");
  const arg = row.input === "path_prefix" ? ", prefix" : "";
  return `${row.functionName}(client${arg}) (${filters || "no filter"}${row.input === "path_prefix" ? " + path_prefix" : ""}, disclosure ${JSON.stringify(row.disclosure)})`;
}

/** Source text of a function declared in the file under `name` (for a named predicate's hints). */
function functionSource(j: JSCodeshift, root: Collection, fnName: string): string | null {
  const declaration = findDeclaration(j, root, fnName);
  return declaration ? j(declaration).toSource() : null;
}

/** Member paths `X.result.articles` / `X.result.data` inside a function. */
function entryLists(j: JSCodeshift, fn: Node): Node[] {
  return findPaths(j, fn, j.Node, (node) => {
    const field = memberName(node);
    return (
      (field === "articles" || field === "data") &&
      isMember(node.object) &&
      memberName(node.object) === "result"
    );
  });
}

function rewrite({ j, root, log, file }: RewriteContext): boolean {
  let changed = false;

  for (const site of findToolSites(j, root)) {
    if (site.action !== "catalog" || site.args === null || isLegacyWindowCall(site)) continue;
    const fn = enclosingFunction(site.path);
    const lists = entryLists(j, fn);
    const filterCalls = lists.flatMap((list) =>
      entryReadsFromList(j, fn, list).filters.map((call) => ({ list, call })),
    );
    const first = filterCalls[0];
    if (!first) continue;
    const reading = readPredicate(j, first.call.value.arguments[0], (n) => functionSource(j, root, n));

    let why: string;
    let candidate: AnyUseCaseRow;
    if (!reading.exact) {
      why = reading.why;
      candidate = candidateRow(reading.hints);
    } else {
      const match = exactRow(reading.filters);
      if (!match) {
        why = `the filters ${JSON.stringify(reading.filters)} match no named use case exactly`;
        candidate = candidateRow(reading.text);
      } else if (filterCalls.length > 1) {
        why = "the entries are filtered more than once";
        candidate = match.row;
      } else {
        const blocker = applyHelper(j, root, site, fn, first, match.row, match.prefix, file.path);
        if (blocker === null) {
          log.site(site.path.value, `catalog + client-side filter → ${match.row.functionName}()`);
          changed = true;
          continue;
        }
        why = blocker;
        candidate = match.row;
      }
    }
    if (getPropertyValue(site.args, LEGACY_OPT_IN_PARAM) === null) {
      site.args.properties.push(
        makeProperty(j, LEGACY_OPT_IN_PARAM, j.booleanLiteral(true), site.args.properties[0]),
      );
    }
    // The legacy catalog listed every kind; the contract's default include leaves journals out.
    if (getPropertyValue(site.args, "include") === null && getPropertyValue(site.args, "exclude") === null) {
      const kinds = j.arrayExpression(KINDS.map((k) => j.stringLiteral(k)));
      site.args.properties.push(makeProperty(j, "include", kinds, site.args.properties[0]));
    }
    addTodo(
      j,
      site.path,
      `fat catalog filtered client-side by \`${reading.text}\`: candidate helper ${describeRow(candidate)}; not applied: ${why}. Kept on the legacy envelope (${LEGACY_OPT_IN_PARAM}: true, every kind included as legacy did) for the cutover`,
    );
    log.site(
      site.path.value,
      `fat catalog → ${LEGACY_OPT_IN_PARAM}: true + TODO (${candidate.functionName})`,
    );
    changed = true;
  }
  return changed;
}

export default defineTransform(
  name,
  (source) => source.includes(toolNameFor("catalog")) && source.includes(".filter("),
  rewrite,
);

/**
 * Replace the chain and the filter with the helper call. Returns null when
 * applied, else the reason it could not be (nothing is changed then).
 */
function applyHelper(
  j: JSCodeshift,
  root: Collection,
  site: ToolSite,
  fn: Node,
  use: { list: Node; call: Node },
  row: AnyUseCaseRow,
  prefix: string | undefined,
  path: string,
): string | null {
  if (!fn.value.async) return "the enclosing function is not async";
  const chain = findCallChain(j, site, root);
  if (!chain) return "the call's reply is parsed or reused in a way the codemod cannot follow";
  const refs = referencesOf(j, chain.block, chain.envelopeName);
  if (refs.length !== 1 || refs[0].parent.value !== use.list.value.object) {
    return `the envelope ${chain.envelopeName} is read beyond the filtered list`;
  }
  const allowed = new Set([...FLOOR_FIELDS, ...row.disclosure]);
  const { reads } = entryReadsFromList(j, fn, use.call);
  const parent = use.call.parent.value;
  const consumed = isMember(parent) && parent.object === use.call.value;
  if (!consumed) return "the filtered list leaves the function, so the fields read from it are unknown";
  const extra = reads.map((r) => r.field).filter((f) => !allowed.has(f));
  if (extra.length > 0) {
    return `the entries' ${[...new Set(extra)].join(", ")} would not be disclosed by the helper (${JSON.stringify(row.disclosure)})`;
  }
  const target = clientTarget(j, root, site, path);
  if (!target)
    return "the server URL and consumer label could not be found in this file or the transport module it imports";

  const extraArgs = site.args.properties
    .map(propertyKey)
    .filter((k: string | null) => !HELPER_SAFE_ARGS.has(k ?? ""));
  if (extraArgs.length > 0)
    return `the call also passes ${extraArgs.join(", ")}, which the helper does not take over`;
  const limitValue = getPropertyValue(site.args, "limit");
  if (limitValue && !isNumericLiteral(limitValue)) return "the call's limit is computed";
  // Keep the legacy page size (legacy default 10) unless the helper fetches every page.
  const legacyLimit: number = limitValue ? limitValue.value : LEGACY_CATALOG_DEFAULT_LIMIT;
  const helperCap = effectiveCap(row.disclosure).max;
  if (!row.paginate && legacyLimit > helperCap) {
    return `limit ${legacyLimit} exceeds the cap ${helperCap} of the helper's disclosure`;
  }
  const sortBy = staticString(getPropertyValue(site.args, "sort_by"));
  const client = ensureClient(j, root, target);
  ensureSdkImport(j, root, [row.functionName]);
  const args: Node[] = [j.identifier(client)];
  if (prefix !== undefined) args.push(j.stringLiteral(prefix));
  const overrides: Node[] = [];
  if (sortBy !== null) overrides.push(j.objectProperty(j.identifier("sort_by"), j.stringLiteral(sortBy)));
  if (!row.paginate && legacyLimit !== row.limit) {
    overrides.push(j.objectProperty(j.identifier("limit"), j.numericLiteral(legacyLimit)));
  }
  if (overrides.length > 0) args.push(j.objectExpression(overrides));
  const helperCall = j.awaitExpression(j.callExpression(j.identifier(row.functionName), args));
  // Callbacks over the entries take their types from the helper's result, not from the legacy shape.
  const consumer = use.call.parent.parent.value;
  for (const arg of consumer.type === "CallExpression" ? consumer.arguments : []) {
    const param = arg.params?.[0];
    if (param?.type === "Identifier" && param.typeAnnotation) param.typeAnnotation = null;
  }
  use.call.replace(j.memberExpression(helperCall, j.identifier("data")));
  for (const statement of [...chain.statements].reverse()) statement.prune();
  return null;
}
