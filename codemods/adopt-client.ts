/**
 * Adopt the SDK client where the surrounding code allows: a retrieval call
 * whose transport chain is self-contained — the MCP SDK's
 * `const reply = await mcp.callTool({...})` or a raw `fetch` JSON-RPC POST,
 * followed only by parsing the reply down to the envelope
 * (`JSON.parse(….content[0].text)`, directly or through a local helper) —
 * and whose envelope is only read as `envelope.result`:
 *
 *     const reply = await mcp.callTool({ name: "oddkit_search", arguments: { input: query, disclosure: ["metadata"] } });
 *     const envelope = envelopeOf(reply);
 *     return envelope.result.data;
 *
 * becomes
 *
 *     const result = await oddkit.search({ query, disclosure: ["metadata"] });
 *     return result.data;
 *
 * with `oddkit = createOddkitClient({ url, consumer })` created once per
 * module from the URL and consumer label the file already uses. Calls that
 * still carry legacy parameters, read the envelope otherwise, opted into the
 * legacy envelope, or whose URL or consumer label cannot be found keep their
 * transport (the earlier transforms already made them contract calls on the wire).
 *
 * Opt-in (`--transforms adopt-client`), as a second step after the default
 * run: it adds a dependency on `oddkit-sdk`.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { ACTION_SPECS } from "oddkit-sdk/contract";
import { MANY_RESULT_FIELDS, ONE_RESULT_FIELDS } from "oddkit-sdk/internal";
import { hasSpread, isMember, makeProperty, memberName, type Node, propertyKey } from "./lib/ast.js";
import { findCallChain, referencesOf } from "./lib/chain.js";
import { clientTarget, ensureClient } from "./lib/client.js";
import { isReference } from "./lib/entries.js";
import { ACTION_TOOL_LITERAL, isLegacyWindowCall, UNSUPPORTED_PARAMS } from "./lib/legacy.js";
import { enclosingFunction, findToolSites } from "./lib/sites.js";
import { defineTransform, type RewriteContext } from "./lib/transform.js";
import { stillCalled, wrapperTransport } from "./lib/wrapper-transport.js";

export const name = "adopt-client";

/** Parameters the earlier transforms convert; if one is still there, the call is not ready. */
const LEGACY_LEFTOVERS = new Set([
  "include_metadata",
  "result_grouping",
  "action",
  ...Object.keys(UNSUPPORTED_PARAMS),
]);

/** A name for the result that the function does not use yet. */
function freeName(j: JSCodeshift, fn: Node, wanted: string[]): string {
  const used = new Set(
    j(fn)
      .find(j.Identifier)
      .filter((p: Node) => isReference(p))
      .nodes()
      .map((n: Node) => n.name),
  );
  return wanted.find((n) => !used.has(n)) ?? `${wanted[0]}${used.size}`;
}

/**
 * Import specifiers the replaced transport used (`readRpc`, `rpcHeaders`) that nothing references
 * any more: removed. A declaration they empty stays as a bare `import "…"`, so the module's own
 * top-level effects still run. Other imports stay as written.
 */
function dropOrphanedImports(j: JSCodeshift, root: Collection, names: ReadonlySet<string>): void {
  const referenced = (name: string) =>
    root
      .find(j.Identifier, { name })
      .filter((p: Node) => isReference(p) && p.parent.value.type !== "ImportSpecifier")
      .size() > 0;
  root.find(j.ImportDeclaration).forEach((p: Node) => {
    const declaration = p.value;
    if (!declaration.specifiers?.length) return;
    const kept = declaration.specifiers.filter(
      (s: Node) => s.type !== "ImportSpecifier" || !names.has(s.local?.name) || referenced(s.local.name),
    );
    if (kept.length < declaration.specifiers.length) declaration.specifiers = kept;
  });
}

function rewrite({ j, root, log, file }: RewriteContext): boolean {
  let changed = false;
  // Names the replaced transport statements mentioned: their imports may be orphaned afterwards.
  const transportNames = new Set<string>();

  for (const site of findToolSites(j, root)) {
    const { action, args } = site;
    if (action === null || args === null || hasSpread(args) || isLegacyWindowCall(site)) continue;
    if (args.properties.some((p: Node) => LEGACY_LEFTOVERS.has(propertyKey(p) ?? ""))) continue;
    const fn = enclosingFunction(site.path);
    if (!fn.value.async) continue;
    const chain = findCallChain(j, site, root);
    if (!chain) continue;
    const refs = referencesOf(j, chain.block, chain.envelopeName);
    // Only `envelope.result` reads, and through them only contract fields (legacy reads must be migrated first).
    const contractFields: readonly string[] = ACTION_SPECS[action].many
      ? MANY_RESULT_FIELDS
      : ONE_RESULT_FIELDS;
    const onlyResultReads = refs.every((ref) => {
      const parent = ref.parent.value;
      if (!(isMember(parent) && parent.object === ref.value && memberName(parent) === "result")) return false;
      const field = isMember(ref.parent.parent?.value) ? memberName(ref.parent.parent.value) : null;
      return field === null || contractFields.includes(field);
    });
    if (refs.length === 0 || !onlyResultReads) continue;
    // A call of the file's own transport helper: the URL and label are those of the helper's fetch.
    const wrapper = wrapperTransport(j, root, site);
    const target = clientTarget(j, root, wrapper ? { ...site, path: wrapper.params } : site, file.path);
    if (!target) continue;

    const client = ensureClient(j, root, target);
    const inputName = ACTION_SPECS[action].input?.name;
    const params = args.properties.map((prop: Node) => {
      if (propertyKey(prop) !== "input" || !inputName) return prop;
      const value = prop.value;
      const renamed = makeProperty(j, inputName, value, prop);
      if (value.type === "Identifier" && value.name === inputName) renamed.shorthand = true;
      return renamed;
    });
    const resultName = freeName(j, fn.value, ["result", `${chain.envelopeName}Result`]);
    const call = j.awaitExpression(
      j.callExpression(j.memberExpression(j.identifier(client), j.identifier(action)), [
        j.objectExpression(params),
      ]),
    );
    const declaration = j.variableDeclaration("const", [
      j.variableDeclarator(j.identifier(resultName), call),
    ]);
    for (const statement of chain.statements)
      j(statement)
        .find(j.Identifier)
        .forEach((p: Node) => {
          transportNames.add(p.value.name);
        });
    const [first, ...rest] = chain.statements;
    declaration.comments = first.value.comments;
    for (const ref of refs) ref.parent.replace(j.identifier(resultName));
    first.replace(declaration);
    for (const statement of rest.reverse()) statement.prune();
    if (wrapper && !stillCalled(j, root, wrapper)) {
      j(wrapper.declaration)
        .find(j.Identifier)
        .forEach((p: Node) => {
          transportNames.add(p.value.name);
        });
      wrapper.declaration.prune();
    }
    log.site(site.path.value, `${site.toolName} call → ${client}.${action}()`);
    changed = true;
  }
  if (changed) dropOrphanedImports(j, root, transportNames);
  return changed;
}

export default defineTransform(
  name,
  (source) => ACTION_TOOL_LITERAL.test(source) && source.includes("result"),
  rewrite,
);
