/**
 * Legacy parameters → contract parameters, inside the arguments object of an
 * oddkit retrieval tool call (MCP `callTool`, raw JSON-RPC body, positional
 * wrapper):
 *
 * - `include_metadata: true` → `disclosure: ["metadata"]` (a get keeps its
 *   default body: `["body", "metadata"]`); `false` is removed (it was the default);
 * - `limit` above the cap of the requested flags: lowered to the cap when the
 *   caller pages with a variable `offset`, otherwise flagged;
 * - `result_grouping: "merged"` (the legacy default) is removed; other values
 *   and parameters with no contract equivalent (`filter_epoch`,
 *   `include_full_baseline`, `section`, …) are flagged and left in place, so
 *   the server rejects them loudly instead of the codemod dropping them;
 * - `input` on catalog (which never took one) is removed;
 * - catalog `sort_by: "date"` is flagged: legacy listed only documents with
 *   frontmatter in that order, the contract lists all of them.
 *
 * The wire keeps `input` for the query/URI/task: it is the contract's wire name.
 */
import {
  getProperty,
  hasSpread,
  isBooleanLiteral,
  makeProperty,
  type Node,
  propertyKey,
  removeProperty,
  staticString,
} from "./lib/ast.js";
import {
  ACTION_TOOL_LITERAL,
  isLegacyWindowCall,
  LEGACY_CATALOG_DEFAULT_LIMIT,
  LEGACY_SEARCH_MAX_HITS,
  RESULT_GROUPING_DEFAULT,
  UNSUPPORTED_PARAMS,
} from "./lib/legacy.js";
import { ensureFlag, fitLimitToCap, limitTodo } from "./lib/params.js";
import { findToolSites } from "./lib/sites.js";
import { addTodo, enclosingStatement, isReviewed } from "./lib/todo.js";
import { defineTransform, type RewriteContext } from "./lib/transform.js";

export const name = "tool-parameters";

export const LEGACY_DATE_ORDER_TODO =
  'sort_by: "date" listed only documents with frontmatter on the legacy server; the contract lists every document (undated last): filter on entry.metadata if the page relied on it';

function rewrite({ j, root, log }: RewriteContext): boolean {
  let changed = false;
  for (const site of findToolSites(j, root)) {
    const { action, args } = site;
    if (action === null || args === null) continue;
    const todo = (reason: string) => {
      changed = addTodo(j, site.path, reason) || changed;
    };

    const includeMetadata = getProperty(args, "include_metadata");
    if (includeMetadata) {
      const value: Node = includeMetadata.value;
      if (isBooleanLiteral(value)) {
        const outcome = value.value ? ensureFlag(j, action, args, "metadata", includeMetadata) : "present";
        if (outcome === "unknown") {
          todo(`include_metadata: merge "metadata" into the non-literal disclosure of this ${action} call`);
        } else {
          removeProperty(args, "include_metadata");
          log.site(includeMetadata, `include_metadata: ${value.value} → disclosure`);
          changed = true;
        }
      } else {
        todo(`include_metadata is computed: pass disclosure: ["metadata"] when it is true`);
      }
    }

    const grouping = getProperty(args, "result_grouping");
    if (grouping) {
      if (staticString(grouping.value) === RESULT_GROUPING_DEFAULT) {
        removeProperty(args, "result_grouping");
        log.site(grouping, `result_grouping: "merged" removed (the only contract behaviour)`);
        changed = true;
      } else {
        todo(`result_grouping has no contract equivalent: the contract serves one merged ranking`);
      }
    }

    // A date listing on the contract that names its kinds (`include`, no legacy opt-in) was written
    // for the contract or migrated already (dated-listing.ts): flagging it again would add a marker
    // on every run.
    const contractDateListing = getProperty(args, "include") && !getProperty(args, "include_legacy_envelope");
    if (
      action === "catalog" &&
      staticString(getProperty(args, "sort_by")?.value) === "date" &&
      !contractDateListing
    ) {
      todo(LEGACY_DATE_ORDER_TODO);
    }

    if (action === "catalog" && getProperty(args, "input")) {
      const input = getProperty(args, "input");
      removeProperty(args, "input");
      log.site(input, "input removed from catalog (it never took one)");
      changed = true;
    }

    for (const prop of args.properties) {
      const key = propertyKey(prop);
      if (key !== null && key in UNSUPPORTED_PARAMS) todo(UNSUPPORTED_PARAMS[key] as string);
    }

    // Legacy search answered at most 5 hits and a sorted catalog pages of 10: keep those counts explicitly.
    const statement = enclosingStatement(site.path);
    const reviewed = statement !== null && isReviewed(statement.value);
    if (!reviewed && !getProperty(args, "limit") && !hasSpread(args) && !isLegacyWindowCall(site)) {
      const legacyLimit =
        action === "search"
          ? LEGACY_SEARCH_MAX_HITS
          : action === "catalog" && getProperty(args, "sort_by")
            ? LEGACY_CATALOG_DEFAULT_LIMIT
            : null;
      if (legacyLimit !== null) {
        args.properties.push(makeProperty(j, "limit", j.numericLiteral(legacyLimit), args.properties[0]));
        log.site(args, `limit: ${legacyLimit} (the legacy ${action} page size, explicit)`);
        changed = true;
      }
    }

    const limit = fitLimitToCap(j, action, args);
    if (limit.kind === "lowered") {
      log.site(args, `limit ${limit.from} → ${limit.to} (the cap; the caller pages with offset)`);
      changed = true;
    } else if (limit.kind === "exceeds") {
      todo(limitTodo(action, limit));
    }

    if (hasSpread(args)) {
      todo(
        `arguments spread into this ${action} call may carry legacy parameters (include_metadata, filter_epoch, …)`,
      );
    }
  }
  return changed;
}

export default defineTransform(name, (source) => ACTION_TOOL_LITERAL.test(source), rewrite);
