/**
 * Response access, where the code reads the tool result locally: in the
 * function that makes an oddkit retrieval call, reads of the envelope's
 * `result` become contract reads.
 *
 * - `result.hits` / `result.articles` → `result.data`;
 * - `result.pagination.total_candidates` → `result.total` (`.limit`, `.offset`
 *   likewise); `result.pagination.has_more` → `(result.offset + result.data.length < result.total)`;
 * - get: `result.content` → `result.data.body`, `result.metadata` →
 *   `result.data.metadata`, `result.content_hash` → `result.data.content_hash`;
 *   resolve: `result.resolved` → `result.data`;
 * - entry reads in callbacks, loops and aliases of that list: `hit.path` →
 *   `hit.uri` (flagged: a URI is not a path), `hit.tags` → the frontmatter
 *   tags (`hit.metadata.tags`, `[]` when absent, as legacy did), and any
 *   `metadata` read adds the `metadata` flag to the call's disclosure;
 * - fields with no contract equivalent (rollups, `evidence`, `error`, …) are flagged.
 *
 * The `.result` of a JSON-RPC response (`rpc.result.content[0].text`) is the
 * MCP tool result, not the envelope: it is recognised and left alone.
 */
import type { JSCodeshift } from "jscodeshift";
import type { Action, Flag } from "oddkit-sdk/contract";
import { type UseCase, useCaseById } from "oddkit-sdk/internal";
import { isMember, isTypeScriptPath, memberName, type Node } from "./lib/ast.js";
import { referencesOf } from "./lib/chain.js";
import { entryReadsFromList } from "./lib/entries.js";
import { findPaths } from "./lib/find.js";
import { ACTION_TOOL_LITERAL, isLegacyWindowCall } from "./lib/legacy.js";
import { ensureFlag, fitLimitToCap, limitTodo } from "./lib/params.js";
import { enclosingFunction, findToolSites, type ToolSite } from "./lib/sites.js";
import { addTodo } from "./lib/todo.js";
import { defineTransform, type RewriteContext } from "./lib/transform.js";

export const name = "response-access";

export const PATH_TODO =
  "entries carry no path: this now reads the URI; where a repository path is needed use pathForKlappyUri(uri) from oddkit-sdk (klappy:// URIs only)";

const START_HERE = useCaseById("start-here-carousel") as UseCase;

const NO_EQUIVALENT: Readonly<Record<string, string>> = {
  evidence: "result.evidence has no contract equivalent: use each entry's snippet",
  docs_considered: "result.docs_considered has no contract equivalent: result.total counts matches",
  overlay_hits: "grouped search (overlay_hits) has no contract equivalent: read result.data",
  baseline_hits: "grouped search (baseline_hits) has no contract equivalent: read result.data",
  categories:
    "the catalog categories rollup is gone (contract check 4): list tags from entry.metadata.tags, or filter with tags",
  start_here: `the catalog start_here list is gone (contract check 4): candidate helper ${START_HERE.functionName}(client) (filter ${Object.entries(
    START_HERE.filters,
  )
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ")})`,
  canon: "catalog doc counts (canon) are gone: use result.total of a filtered catalog (include: canon)",
  baseline: "catalog doc counts (baseline) are gone: use result.total of a filtered catalog",
  baseline_total: "catalog doc counts (baseline_total) are gone: use result.total",
  error: "a missing document is now an error result (status NOT_FOUND, MCP isError) instead of result.error",
  input_uri: "resolve no longer echoes input_uri: keep the URI you passed",
  topic: "preflight now returns entries (data[] with role); topic is gone",
  dod: 'preflight now returns entries: the definition of done is the entry with role "definition_of_done"',
  constraints: 'preflight now returns entries: constraints are the entries with role "constraint"',
  docs_available: "preflight now returns entries: result.total counts them",
  section: "get has no section: cut the section out of data.body",
};

/** MCP tool results read `result.content[0].text`: that `content` is not the legacy get field. */
function isMcpContentRead(fieldPath: Node): boolean {
  const parent = fieldPath.parent?.value;
  if (!isMember(parent) || parent.object !== fieldPath.value) return false;
  return (
    parent.computed ||
    ["find", "filter", "map", "at", "some", "forEach", "length", "flatMap"].includes(memberName(parent) ?? "")
  );
}

/** `a.b.c` rebuilt fresh (for expressions repeated in a computed replacement); null when not a pure chain. */
function rebuildChain(j: JSCodeshift, node: Node): Node | null {
  if (node.type === "Identifier") return j.identifier(node.name);
  if (node.type === "ThisExpression") return j.thisExpression();
  if (isMember(node) && !node.computed && node.property.type === "Identifier") {
    const object = rebuildChain(j, node.object);
    return object ? j.memberExpression(object, j.identifier(node.property.name)) : null;
  }
  return null;
}

function member(j: JSCodeshift, object: Node, ...names: string[]): Node {
  return names.reduce((acc, n) => j.memberExpression(acc, j.identifier(n)), object);
}

/** Local names bound to an envelope's `result` by destructuring (`const { result } = …`, `{ result: r }`). */
function destructuredResults(j: JSCodeshift, fn: Node): string[] {
  const names: string[] = [];
  findPaths(j, fn, j.VariableDeclarator).forEach((p: Node) => {
    if (p.value.id.type !== "ObjectPattern") return;
    for (const prop of p.value.id.properties) {
      const key = prop.key?.name ?? prop.key?.value;
      if (key === "result" && prop.value?.type === "Identifier") names.push(prop.value.name);
    }
  });
  return names;
}

/**
 * An inline type on an entry parameter (`(hit: { path: string; tags: string[] }) => …`)
 * describes the legacy entry: rename `path` to `uri` and replace `tags` by
 * `metadata` when those fields are read, so the rewritten reads typecheck.
 */
function retypeEntry(j: JSCodeshift, binding: Node, fields: Set<string>): boolean {
  const literal = binding.typeAnnotation?.typeAnnotation;
  if (literal?.type !== "TSTypeLiteral") return false;
  const members: Node[] = literal.members;
  const has = (name: string) => members.some((m) => m.key?.name === name);
  let changed = false;
  if (fields.has("path") && has("path")) {
    if (has("uri")) literal.members = members.filter((m) => m.key?.name !== "path");
    else for (const m of members) if (m.key?.name === "path") m.key = j.identifier("uri");
    changed = true;
  }
  if ((fields.has("tags") || fields.has("metadata")) && !has("metadata")) {
    const metadata = j.tsPropertySignature(
      j.identifier("metadata"),
      j.tsTypeAnnotation(
        j.tsTypeReference(
          j.identifier("Record"),
          j.tsTypeParameterInstantiation([j.tsStringKeyword(), j.tsUnknownKeyword()]),
        ),
      ),
    );
    literal.members = [...literal.members.filter((m: Node) => m.key?.name !== "tags"), metadata];
    changed = true;
  }
  return changed;
}

/** Entry fields with no exact contract equivalent: a URI is not a path; the contract has one index. */
const INEXACT_ENTRY_FIELDS = new Set(["path", "source"]);

function blocksRewrite(j: JSCodeshift, fn: Node, resultPath: Node, actions: Set<Action>): boolean {
  const fieldPath = resultPath.parent;
  if (!isMember(fieldPath?.value) || fieldPath.value.object !== resultPath.value) return false;
  const field = memberName(fieldPath.value);
  if (field === "hits" || field === "articles") {
    const { reads, patterns } = entryReadsFromList(j, fn, fieldPath);
    if (reads.some((r) => INEXACT_ENTRY_FIELDS.has(r.field))) return true;
    return patterns.some(({ pattern }) =>
      pattern.properties.some((p: Node) => INEXACT_ENTRY_FIELDS.has(p.key?.name ?? p.key?.value)),
    );
  }
  // Legacy get content is the raw file, frontmatter included; the contract body has no frontmatter.
  if (field === "content" && actions.has("get") && !isMcpContentRead(fieldPath)) return true;
  return field === "path" && (actions.has("get") || actions.has("resolve"));
}

function rewrite({ j, root, log, file }: RewriteContext): boolean {
  const typescript = isTypeScriptPath(file.path);
  let changed = false;
  const todo = (path: Node, reason: string) => {
    changed = addTodo(j, path, reason) || changed;
  };

  const groups = new Map<Node, { fn: Node; sites: ToolSite[] }>();
  for (const site of findToolSites(j, root)) {
    // Calls kept on the legacy envelope (fat-catalog's cutover opt-in) read legacy fields on purpose.
    if (site.action === null || isLegacyWindowCall(site)) continue;
    const fn = enclosingFunction(site.path);
    const group = groups.get(fn.value) ?? { fn, sites: [] };
    group.sites.push(site);
    groups.set(fn.value, group);
  }

  for (const { fn, sites } of groups.values()) {
    const actions = new Set(sites.map((s) => s.action as Action));
    const siteFor = (action: Action) => sites.find((s) => s.action === action);

    const needFlag = (action: Action, flag: Flag, at: Node) => {
      const site = siteFor(action);
      if (!site?.args) {
        todo(at, `this read needs disclosure ["${flag}"] on the ${action} call`);
        return;
      }
      const outcome = ensureFlag(j, action, site.args, flag);
      if (outcome === "unknown")
        todo(site.path, `add "${flag}" to the disclosure of this ${action} call (read below)`);
      if (outcome !== "added") return;
      log.site(site.args, `disclosure += "${flag}" (read by the code)`);
      changed = true;
      const limit = fitLimitToCap(j, action, site.args);
      if (limit.kind === "exceeds") todo(site.path, limitTodo(action, limit));
    };

    const rewriteEntries = (action: Action, listPath: Node) => {
      const { reads, patterns } = entryReadsFromList(j, fn, listPath);
      for (const binding of new Set(reads.map((r) => r.binding).filter(Boolean))) {
        const fields = new Set(reads.filter((r) => r.binding === binding).map((r) => r.field));
        if (retypeEntry(j, binding, fields)) changed = true;
      }
      for (const read of reads) {
        if (read.field === "path") {
          read.path.value.property = j.identifier("uri");
          read.path.value.computed = false;
          todo(read.path, PATH_TODO);
          log.site(read.path.value, "entry.path → entry.uri");
          changed = true;
        } else if (read.field === "tags") {
          log.site(read.path.value, "entry.tags → entry.metadata.tags");
          const tags = member(j, read.path.value.object, "metadata", "tags");
          const typed = typescript
            ? j.tsAsExpression(
                tags,
                j.tsUnionType([j.tsArrayType(j.tsStringKeyword()), j.tsUndefinedKeyword()]),
              )
            : tags;
          read.path.replace(j.logicalExpression("??", typed, j.arrayExpression([])));
          needFlag(action, "metadata", read.path);
          changed = true;
        } else if (read.field === "metadata") {
          needFlag(action, "metadata", read.path);
        } else if (read.field === "source") {
          todo(
            read.path,
            "entry.source (canon/baseline) has no contract equivalent: the contract serves one index",
          );
        }
      }
      for (const { pattern } of patterns) {
        // An inline type on the pattern (`({ path }: { path: string })`) follows the rename.
        const literal = pattern.typeAnnotation?.typeAnnotation;
        for (const member of literal?.type === "TSTypeLiteral" ? literal.members : []) {
          if (member.key?.name === "path") member.key = j.identifier("uri");
        }
        for (const prop of pattern.properties) {
          const key = prop.key?.name ?? prop.key?.value;
          if (key === "path") {
            todo(listPath, PATH_TODO);
            if (prop.shorthand) {
              prop.shorthand = false;
              prop.value = j.identifier("path");
            }
            prop.key = j.identifier("uri");
            changed = true;
          } else if (key === "tags") {
            todo(listPath, "destructured tags: read them from entry.metadata.tags (disclosure metadata)");
          } else if (key === "metadata") {
            needFlag(action, "metadata", listPath);
          }
        }
      }
    };

    // `X.result`, and variables destructured from an envelope: `const { result } = envelope`.
    const resultReads: Node[] = findPaths(
      j,
      fn,
      j.Node,
      (node) => isMember(node) && memberName(node) === "result",
    );
    for (const local of destructuredResults(j, fn)) {
      resultReads.push(...referencesOf(j, fn, local).filter((ref) => isMember(ref.parent.value)));
    }
    // Rewrite only what keeps the answer: a group reading a field with no exact contract equivalent
    // (an entry's path or source, get's content with its frontmatter) is left whole for the runner,
    // which keeps it on the legacy envelope with a marker.
    if (resultReads.some((resultPath: Node) => blocksRewrite(j, fn, resultPath, actions))) continue;
    resultReads.forEach((resultPath: Node) => {
      const fieldPath = resultPath.parent;
      if (!isMember(fieldPath?.value) || fieldPath.value.object !== resultPath.value) return;
      const field = memberName(fieldPath.value);
      if (field === null) return;
      const result = resultPath.value;

      const listAction: Action | null =
        field === "hits" && actions.has("search")
          ? "search"
          : field === "articles" && actions.has("catalog")
            ? "catalog"
            : field === "data" && (actions.has("search") || actions.has("catalog"))
              ? actions.has("search")
                ? "search"
                : "catalog"
              : null;
      if (listAction !== null) {
        if (field !== "data") {
          fieldPath.replace(member(j, result, "data"));
          log.site(result, `result.${field} → result.data`);
          changed = true;
        }
        rewriteEntries(listAction, fieldPath);
        return;
      }

      if (field === "pagination" && actions.has("catalog")) {
        const sub = fieldPath.parent;
        const subField =
          isMember(sub?.value) && sub.value.object === fieldPath.value ? memberName(sub.value) : null;
        const direct: Record<string, string> = {
          total_candidates: "total",
          limit: "limit",
          offset: "offset",
        };
        if (subField !== null && subField in direct) {
          sub.replace(member(j, result, direct[subField] as string));
          log.site(result, `result.pagination.${subField} → result.${direct[subField]}`);
          changed = true;
        } else if (subField === "has_more") {
          const chains = [0, 1, 2].map(() => rebuildChain(j, result));
          const [a, b, c] = chains;
          if (a && b && c) {
            sub.replace(
              j.binaryExpression(
                "<",
                j.binaryExpression("+", member(j, a, "offset"), member(j, b, "data", "length")),
                member(j, c, "total"),
              ),
            );
            log.site(result, "result.pagination.has_more → offset + data.length < total");
            changed = true;
          } else {
            todo(fieldPath, "has_more is gone: compute result.offset + result.data.length < result.total");
          }
        } else {
          todo(fieldPath, "result.pagination is gone: read result.total, result.limit and result.offset");
        }
        return;
      }

      if (actions.has("get") && !actions.has("resolve")) {
        const moves: Record<string, string[]> = {
          content: ["data", "body"],
          content_hash: ["data", "content_hash"],
          metadata: ["data", "metadata"],
          path: ["data", "uri"],
        };
        const target = moves[field];
        if (target && !(field === "content" && isMcpContentRead(fieldPath))) {
          fieldPath.replace(member(j, result, ...target));
          log.site(result, `result.${field} → result.${target.join(".")}`);
          changed = true;
          if (field === "metadata") needFlag("get", "metadata", fieldPath);
          if (field === "path") todo(fieldPath, PATH_TODO);
          return;
        }
      }
      if (actions.has("resolve")) {
        if (field === "resolved") {
          fieldPath.replace(member(j, result, "data"));
          log.site(result, "result.resolved → result.data");
          changed = true;
          return;
        }
        if (field === "supersession_chain") {
          fieldPath.replace(member(j, result, "data", "supersession_chain"));
          log.site(result, "result.supersession_chain → result.data.supersession_chain");
          changed = true;
          return;
        }
      }
      const reason = NO_EQUIVALENT[field];
      if (reason && !(field === "content" || field === "metadata")) todo(fieldPath, reason);
    });
  }
  return changed;
}

export default defineTransform(
  name,
  (source) => ACTION_TOOL_LITERAL.test(source) && source.includes("result"),
  rewrite,
);
