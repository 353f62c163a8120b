/**
 * Finding every call that reaches an oddkit tool, over a ts-morph project:
 *
 * - a tool-name literal (`"oddkit_search"`, the umbrella `"oddkit"`) as the
 *   `name`/`tool` of an object (MCP `callTool({...})`, a JSON-RPC body, a
 *   proxy body sent with `supabase.functions.invoke`), or as any argument of
 *   a call (`call("oddkit_get", …)`, `tool(client, "oddkit_get", …)`,
 *   `this.call("oddkit_get")`);
 * - the same through a constant (`const SEARCH_TOOL = "oddkit_search"`,
 *   `TOOLS.search`);
 * - wrappers that take the action or tool as a parameter
 *   (`callOddkit(action, params)` building `oddkit_${action}` or an umbrella
 *   call with `action`): every call of the wrapper is a site, with the
 *   action its argument names.
 */

import { ACTIONS, type Action, actionForTool, UNIFIED_TOOL } from "oddkit-sdk/contract";
import { Node, type ObjectLiteralExpression, type SourceFile, ts } from "ts-morph";
import { UNSUPPORTED_PARAMS } from "../../lib/legacy.js";
import { declarationsOf, functionOfDeclaration, unwrap } from "./nodes.js";
import { referencesOf } from "./references.js";

export interface CallSite {
  readonly id: number;
  /** The expression whose value is the tool's reply (the fetch, callTool, invoke, or wrapper call). */
  readonly node: Node;
  /** The node carrying the tool name (for the report when the call cannot be found). */
  readonly at: Node;
  readonly tool: string | null;
  /** The retrieval action, when known; null for a computed action or a non-retrieval umbrella action. */
  readonly action: Action | null;
  readonly umbrella: boolean;
  /** The arguments object literal, when it is one. */
  readonly args: ObjectLiteralExpression | null;
  /** The call inside a wrapper that takes its action as a parameter: its callers are the sites. */
  readonly insideWrapper: boolean;
  /** Non-retrieval umbrella actions (orient, gate, …) pass through untouched: not a legacy site. */
  readonly retrieval: boolean;
  /** For a call inside a wrapper: the wrapper function. */
  readonly wrapper?: Node;
  /** For a call of a wrapper: the wrapper function it calls. */
  readonly calls?: Node;
  /** Steps the wrapper's return value has already taken (e.g. `["result"]`), for calls of a wrapper. */
  readonly startSteps: readonly string[];
  readonly startParsed: boolean;
  /**
   * A call held as data, not code: `text` is a call written inside a string (an HTML page's `<script>`
   * a worker serves, a generated snippet), `fixture` a legacy reply written as an object literal (a
   * test's fake server answer). Found and flagged, never rewritten: nothing in them runs as this code.
   */
  readonly held?: "text" | "fixture";
}

const TOOL_KEYS = new Set(["name", "tool", "toolName", "tool_name"]);
const ARGS_KEYS = ["arguments", "args", "params", "parameters"];

function isToolName(text: string): boolean {
  return text === UNIFIED_TOOL || actionForTool(text) !== null;
}

const TOOLS_CALL = "tools/call";

/** The literal text of a template (its substitutions left out: they are code, not the text). */
function templateText(node: ts.TemplateExpression): string {
  return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("");
}

/** `name: "oddkit_search"` (or `'oddkit'`, or the name as callTool's first argument) in code held as text. */
const TOOL_IN_TEXT = new RegExp(
  String.raw`(?:\bname\s*:\s*|callTool\(\s*)["'\x60](${UNIFIED_TOOL}(?:_[a-z]+)?)["'\x60]`,
  "g",
);

/** The oddkit retrieval tools a request written in `text` names (a `tools/call` in a string). */
export function toolsInText(text: string): string[] {
  if (!text.includes(TOOLS_CALL)) return [];
  const tools: string[] = [];
  for (const m of text.matchAll(TOOL_IN_TEXT)) {
    const tool = m[1] as string;
    if (isToolName(tool) && !tools.includes(tool)) tools.push(tool);
  }
  return tools;
}

/** Keys only a legacy reply carries, by action: an object literal holding them is a legacy reply fixture. */
function legacyReplyShape(node: ts.ObjectLiteralExpression): Action | null {
  const keys = new Set<string>();
  for (const p of node.properties) {
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
    if (name !== null) keys.add(name);
  }
  if (keys.has("docs_considered") && (keys.has("hits") || keys.has("status"))) return "search";
  if (keys.has("articles") && keys.has("pagination")) return "catalog";
  if (keys.has("supersession_chain") && keys.has("status")) return "resolve";
  return null;
}

export function stringValue(node: Node | undefined): string | null {
  if (!node) return null;
  const n = unwrap(node);
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return n.getLiteralText();
  return null;
}

/** A string-valued expression: a literal, or a constant (also `OBJ.key` of a const object) holding one. */
export function constantString(node: Node | undefined, depth = 0): string | null {
  if (!node || depth > 4) return null;
  const direct = stringValue(node);
  if (direct !== null) return direct;
  const n = unwrap(node);
  if (Node.isIdentifier(n) || Node.isPropertyAccessExpression(n)) {
    for (const decl of declarationsOf(n)) {
      if (Node.isVariableDeclaration(decl) || Node.isPropertyAssignment(decl)) {
        const value = constantString(decl.getInitializer(), depth + 1);
        if (value !== null) return value;
      }
    }
  }
  return null;
}

function getProp(object: ObjectLiteralExpression, key: string): Node | undefined {
  const prop = object.getProperty(key);
  if (Node.isPropertyAssignment(prop)) return prop.getInitializer();
  if (Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  return undefined;
}

export function argsObject(object: ObjectLiteralExpression): ObjectLiteralExpression | null {
  for (const key of ARGS_KEYS) {
    const value = getProp(object, key);
    if (value) {
      const v = unwrap(value);
      return Node.isObjectLiteralExpression(v) ? v : null;
    }
  }
  return null;
}

const STRINGIFY = new Set(["JSON.stringify"]);

/**
 * The call whose value is the reply to a request object: walk up through
 * object/array literals, `JSON.stringify`, `new Request`, and a variable
 * holding the body, to the first other call.
 */
export function transportCallOf(start: Node, depth = 0): Node | null {
  let node: Node = start;
  for (let guard = 0; guard < 40; guard++) {
    const parent = node.getParent();
    if (!parent) return null;
    if (
      Node.isPropertyAssignment(parent) ||
      Node.isShorthandPropertyAssignment(parent) ||
      Node.isSpreadAssignment(parent) ||
      Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isObjectLiteralExpression(parent) ||
      Node.isArrayLiteralExpression(parent)
    ) {
      node = parent;
      continue;
    }
    if (Node.isCallExpression(parent) || Node.isNewExpression(parent)) {
      const callee = parent.getExpression().getText();
      if (STRINGIFY.has(callee) || (Node.isNewExpression(parent) && callee === "Request")) {
        node = parent;
        continue;
      }
      if (parent.getArguments().includes(node)) return parent;
      return null;
    }
    if (Node.isVariableDeclaration(parent) && parent.getInitializer() === node && depth < 3) {
      const name = parent.getNameNode();
      if (!Node.isIdentifier(name)) return null;
      for (const ref of referencesOf(name)) {
        if (ref === name) continue;
        const found = transportCallOf(ref, depth + 1);
        if (found) return found;
      }
      return null;
    }
    return null;
  }
  return null;
}

/** The function a node sits in (declaration, expression, arrow, method), if any. */
export function enclosingFunction(node: Node): Node | undefined {
  return node.getFirstAncestor(
    (a) =>
      Node.isFunctionDeclaration(a) ||
      Node.isFunctionExpression(a) ||
      Node.isArrowFunction(a) ||
      Node.isMethodDeclaration(a),
  );
}

/** The index of the parameter `node` (an identifier) refers to in its enclosing function, else -1. */
function parameterIndex(node: Node): { fn: Node; index: number } | null {
  const n = unwrap(node);
  if (!Node.isIdentifier(n)) return null;
  const decl = declarationsOf(n)[0];
  if (!decl || !Node.isParameterDeclaration(decl)) return null;
  const fn = decl.getParent();
  if (!fn) return null;
  const params = (fn as unknown as { getParameters(): Node[] }).getParameters?.() ?? [];
  return { fn, index: params.indexOf(decl) };
}

/** The name node callers use for a function (declaration name, variable, method, object property). */
export function functionNameNode(fn: Node): Node | undefined {
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) return fn.getNameNode();
  const parent = fn.getParent();
  if (
    Node.isVariableDeclaration(parent) ||
    Node.isPropertyAssignment(parent) ||
    Node.isPropertyDeclaration(parent)
  )
    return parent.getNameNode();
  if (Node.isFunctionExpression(fn)) return fn.getNameNode();
  return undefined;
}

/** Calls of a function found by its references: `f(…)`, `obj.f(…)`, `this.f(…)`. */
export function callsOf(fn: Node): Node[] {
  const name = functionNameNode(fn);
  if (!name || !Node.isIdentifier(name)) return [];
  const calls: Node[] = [];
  for (const ref of referencesOf(name)) {
    let callee: Node = ref;
    const parent = ref.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) callee = parent;
    const call = callee.getParent();
    if (Node.isCallExpression(call) && call.getExpression() === callee) calls.push(call);
  }
  return calls;
}

/**
 * `file.forEachDescendant(visit)` for the nodes `findCalls` looks at: the
 * same nodes in the same (pre-order) order, but walking the compiler's tree
 * and wrapping only those — string literals naming an oddkit tool, property
 * assignments, `oddkit_${…}` templates — instead of every node of every
 * file (wrapping each node in a ts-morph object was a sixth of detection).
 */
function forEachCandidate(file: SourceFile, visit: (node: Node) => void): void {
  // ts-morph's own (internal) wrapper cache: a node wrapped here is the node its API hands out elsewhere.
  const wrap = (node: ts.Node) =>
    (file as unknown as { _getNodeFromCompilerNode(node: ts.Node): Node })._getNodeFromCompilerNode(node);
  const walk = (node: ts.Node): undefined => {
    if (
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? isToolName(node.text) || node.text.includes(TOOLS_CALL)
        : ts.isPropertyAssignment(node) ||
          ts.isShorthandPropertyAssignment(node) ||
          (ts.isTemplateExpression(node) &&
            (node.head.text === `${UNIFIED_TOOL}_` || templateText(node).includes(TOOLS_CALL))) ||
          (ts.isObjectLiteralExpression(node) && legacyReplyShape(node) !== null)
    )
      visit(wrap(node));
    ts.forEachChild(node, walk);
    return undefined;
  };
  ts.forEachChild(file.compilerNode, walk);
}

/** Methods that file, count or print a name: a tool name handed to one is a key or a label, not a call. */
const LABEL_METHODS = new Set([
  "get",
  "set",
  "has",
  "delete",
  "add",
  "includes",
  "indexOf",
  "startsWith",
  "endsWith",
  "log",
  "info",
  "warn",
  "error",
  "debug",
  "trace",
  "increment",
  "inc",
  "decrement",
  "dec",
  "observe",
  "record",
  "track",
  "count",
  "gauge",
  "timing",
  "histogram",
  "labels",
]);

/** The parameters a tool call takes (contract and legacy): what an arguments object of a call holds. */
const TOOL_PARAMETERS = new Set([
  "input",
  "action",
  "limit",
  "offset",
  "sort_by",
  "disclosure",
  "include_metadata",
  "result_grouping",
  "knowledge_base_url",
  "path_prefix",
  "include",
  "exclude",
  "audience",
  "exposure",
  "tier",
  "public",
  "start_here",
  "tags",
  "include_legacy_envelope",
  ...Object.keys(UNSUPPORTED_PARAMS),
]);

function calleeName(call: Node): string {
  if (!Node.isCallExpression(call)) return "";
  const callee = call.getExpression();
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
}

/** Declared only in the compiler's own libraries (`Map`, `Array`, `console`, …): never a transport. */
function isPlatformFunction(decls: readonly Node[]): boolean {
  return (
    decls.length > 0 &&
    decls.every(
      (d) =>
        d.getSourceFile().isDeclarationFile() &&
        /[\\/]typescript[\\/]lib[\\/]lib\./.test(d.getSourceFile().getFilePath()),
    )
  );
}

/**
 * Does the call at `index` send the tool name it is given? A platform method or a label method files
 * or prints it; a function of the analysed files sends it only when the parameter reaches a request
 * (see parameterSends); a function the analysis cannot see sends it unless the object passed with it
 * holds something other than tool parameters (`record("oddkit_search", { tokens })`).
 */
function sendsArgument(call: Node, index: number, depth: number): boolean {
  if (!Node.isCallExpression(call) || depth > 3) return true;
  if (LABEL_METHODS.has(calleeName(call))) return false;
  const callee = call.getExpression();
  const decls = declarationsOf(Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee);
  if (isPlatformFunction(decls)) return false;
  // A declaration without a body (`declare function`, an overload) says nothing of what it sends.
  const fn = decls.map(functionOfDeclaration).find((f) => f !== undefined && hasBody(f));
  if (fn) return parameterSends(fn, index, depth);
  const object = call
    .getArguments()
    .slice(index + 1)
    .map(unwrap)
    .find((a) => Node.isObjectLiteralExpression(a));
  return !Node.isObjectLiteralExpression(object) || object.getProperties().every(isToolParameter);
}

function hasBody(fn: Node): boolean {
  return (fn as unknown as { getBody?: () => Node | undefined }).getBody?.() !== undefined;
}

function isToolParameter(p: Node): boolean {
  if (Node.isSpreadAssignment(p)) return true;
  const name = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : "";
  return TOOL_PARAMETERS.has(name.replace(/["']/g, ""));
}

/** Does the function's parameter reach a request: a tool key, a template or concatenation, or a call that sends it? */
function parameterSends(fn: Node, index: number, depth: number): boolean {
  const params = (fn as unknown as { getParameters?: () => Node[] }).getParameters?.() ?? [];
  const param = params[index];
  if (!param || !Node.isParameterDeclaration(param)) return false;
  const name = param.getNameNode();
  if (!Node.isIdentifier(name)) return true; // destructured: cannot follow, so assume it is sent
  for (const ref of referencesOf(name)) {
    if (ref === name) continue;
    const parent = ref.getParent();
    if (Node.isShorthandPropertyAssignment(parent) && TOOL_KEYS.has(parent.getName())) return true;
    if (
      Node.isPropertyAssignment(parent) &&
      parent.getInitializer() === ref &&
      TOOL_KEYS.has(parent.getName().replace(/["']/g, ""))
    )
      return true;
    if (Node.isTemplateSpan(parent)) return true;
    if (Node.isBinaryExpression(parent) && parent.getOperatorToken().getText() === "+") return true;
    if (Node.isCallExpression(parent) && parent.getArguments().includes(ref)) {
      if (sendsArgument(parent, parent.getArguments().indexOf(ref), depth + 1)) return true;
    }
  }
  return false;
}

/**
 * An object naming a tool is a request when it carries the tool's arguments, is handed to an MCP
 * `callTool`, or is the `params` of a JSON-RPC `tools/call`; otherwise (`{ tool: "oddkit_get", ms }`
 * as metric labels or log fields) it only names the tool.
 */
function isToolRequest(object: ObjectLiteralExpression, call: Node | null): boolean {
  // A tool's arguments are an object: `{ name: "oddkit_get", arguments: "redacted" }` is a label.
  if (ARGS_KEYS.some((k) => object.getProperty(k) && !isPrimitiveLiteral(getProp(object, k)))) return true;
  if (call && /callTool$/i.test(calleeName(call))) return true;
  const holder = object.getParent();
  const envelope = Node.isPropertyAssignment(holder) ? holder.getParent() : undefined;
  return (
    Node.isObjectLiteralExpression(envelope) && stringValue(getProp(envelope, "method")) === "tools/call"
  );
}

function isPrimitiveLiteral(node: Node | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node);
  return (
    Node.isStringLiteral(n) ||
    Node.isNoSubstitutionTemplateLiteral(n) ||
    Node.isTemplateExpression(n) ||
    Node.isNumericLiteral(n) ||
    Node.isTrueLiteral(n) ||
    Node.isFalseLiteral(n) ||
    Node.isNullLiteral(n)
  );
}

export interface FoundCalls {
  readonly calls: CallSite[];
  /** Wrappers: function → parameter index of the action/tool. */
  readonly wrappers: Map<Node, number>;
}

/** Every oddkit call in the files (and the wrappers that make calls on behalf of others). */
export function findCalls(files: readonly SourceFile[], nextId: () => number): FoundCalls {
  const calls: CallSite[] = [];
  const seen = new Set<Node>();
  const wrappers = new Map<Node, { index: number; umbrella: boolean }>();

  const push = (site: Omit<CallSite, "id">) => {
    if (seen.has(site.node)) return;
    seen.add(site.node);
    calls.push({ ...site, id: nextId() });
  };

  const siteFromTool = (tool: string, at: Node, call: Node | null, args: ObjectLiteralExpression | null) => {
    const umbrella = tool === UNIFIED_TOOL;
    let action: Action | null = actionForTool(tool);
    let retrieval = action !== null;
    let insideWrapper = false;
    let wrapperFn: Node | undefined;
    if (umbrella) {
      const actionNode = args ? getProp(args, "action") : undefined;
      const value = constantString(actionNode);
      if (value !== null) {
        action = (ACTIONS as readonly string[]).includes(value) ? (value as Action) : null;
        retrieval = action !== null;
      } else {
        retrieval = true; // computed: may be a retrieval action
        const param = actionNode ? parameterIndex(actionNode) : null;
        if (param && param.index >= 0) {
          wrappers.set(param.fn, { index: param.index, umbrella: true });
          insideWrapper = true;
          wrapperFn = param.fn;
        }
      }
    }
    if (!retrieval && umbrella) return; // orient, gate, … pass through untouched
    push({
      node: call ?? at,
      at,
      tool,
      action,
      umbrella,
      args,
      insideWrapper,
      retrieval,
      ...(wrapperFn ? { wrapper: wrapperFn } : {}),
      startSteps: [],
      startParsed: false,
    });
  };

  const heldSite = (node: Node, held: "text" | "fixture", tool: string | null) => {
    if (tool === null) return;
    push({
      node,
      at: node,
      tool,
      action: actionForTool(tool),
      umbrella: tool === UNIFIED_TOOL,
      args: null,
      insideWrapper: false,
      retrieval: true,
      startSteps: [],
      startParsed: false,
      held,
    });
  };

  const useToolName = (tool: string, expr: Node, depth: number) => {
    const parent = expr.getParent();
    if (!parent || depth > 3) return;
    if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent)) {
      useToolName(tool, parent, depth);
      return;
    }
    if (Node.isPropertyAssignment(parent) && parent.getInitializer() === expr) {
      const object = parent.getParent();
      if (TOOL_KEYS.has(parent.getName().replace(/["']/g, "")) && Node.isObjectLiteralExpression(object)) {
        const call = transportCallOf(object);
        if (isToolRequest(object, call)) siteFromTool(tool, expr, call, argsObject(object));
        return;
      }
      // `const TOOLS = { search: "oddkit_search" }`: follow reads of the key.
      const nameNode = parent.getNameNode();
      if (Node.isIdentifier(nameNode)) {
        for (const ref of referencesOf(nameNode)) {
          const access = ref.getParent();
          if (ref !== nameNode && Node.isPropertyAccessExpression(access) && access.getNameNode() === ref)
            useToolName(tool, access, depth + 1);
        }
      }
      return;
    }
    if (Node.isCallExpression(parent) && parent.getArguments().includes(expr)) {
      if (!sendsArgument(parent, parent.getArguments().indexOf(expr), 0)) return;
      const after = parent.getArguments().slice(parent.getArguments().indexOf(expr) + 1);
      const object = after.map(unwrap).find((a) => Node.isObjectLiteralExpression(a));
      siteFromTool(tool, expr, parent, (object as ObjectLiteralExpression | undefined) ?? null);
      return;
    }
    if (Node.isVariableDeclaration(parent) && parent.getInitializer() === expr) {
      const name = parent.getNameNode();
      if (!Node.isIdentifier(name)) return;
      for (const ref of referencesOf(name)) if (ref !== name) useToolName(tool, ref, depth + 1);
    }
  };

  for (const file of files) {
    forEachCandidate(file, (node) => {
      if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
        const text = node.getLiteralText();
        if (isToolName(text)) useToolName(text, node, 0);
        else heldSite(node, "text", toolsInText(text)[0] ?? null);
      } else if (Node.isTemplateExpression(node) && node.getHead().getLiteralText() !== `${UNIFIED_TOOL}_`) {
        heldSite(node, "text", toolsInText(templateText(node.compilerNode))[0] ?? null);
      } else if (Node.isObjectLiteralExpression(node)) {
        const action = legacyReplyShape(node.compilerNode);
        if (action !== null) heldSite(node, "fixture", `oddkit_${action}`);
      } else if (
        (Node.isPropertyAssignment(node) || Node.isShorthandPropertyAssignment(node)) &&
        TOOL_KEYS.has(node.getName().replace(/["']/g, ""))
      ) {
        // `{ name: tool, arguments: args }` with `tool` a parameter: a wrapper taking the tool name
        // (`oddkit<T>(tool, args)`, `this.call(tool, args)`); its callers naming an oddkit tool are the sites.
        const object = node.getParent();
        const value = Node.isPropertyAssignment(node) ? node.getInitializer() : node.getNameNode();
        if (
          !value ||
          !Node.isObjectLiteralExpression(object) ||
          !ARGS_KEYS.some((k) => object.getProperty(k))
        )
          return;
        const param = parameterIndex(value);
        if (!param || param.index < 0 || wrappers.has(param.fn)) return;
        wrappers.set(param.fn, { index: param.index, umbrella: false });
        push({
          node: transportCallOf(object) ?? node,
          at: value,
          tool: null,
          action: null,
          umbrella: false,
          args: argsObject(object),
          insideWrapper: true,
          wrapper: param.fn,
          retrieval: true,
          startSteps: [],
          startParsed: false,
        });
      } else if (Node.isTemplateExpression(node) && node.getHead().getLiteralText() === `${UNIFIED_TOOL}_`) {
        // `oddkit_${action}` built from a wrapper's parameter.
        const span = node.getTemplateSpans()[0];
        const param = span ? parameterIndex(span.getExpression()) : null;
        if (param && param.index >= 0) wrappers.set(param.fn, { index: param.index, umbrella: false });
        const parent = node.getParent();
        const object = parent?.getParent();
        if (Node.isPropertyAssignment(parent) && Node.isObjectLiteralExpression(object)) {
          push({
            node: transportCallOf(object) ?? node,
            at: node,
            tool: null,
            action: null,
            umbrella: false,
            args: argsObject(object),
            insideWrapper: param !== null && param.index >= 0,
            ...(param && param.index >= 0 ? { wrapper: param.fn } : {}),
            retrieval: true,
            startSteps: [],
            startParsed: false,
          });
        }
      }
    });
  }

  // Callers of wrappers are sites, with the action their argument names; wrappers of wrappers too.
  const wrapperIndex = new Map<Node, number>();
  const queue = [...wrappers.entries()];
  for (let i = 0; i < queue.length && i < 50; i++) {
    const [fn, { index, umbrella }] = queue[i] as [Node, { index: number; umbrella: boolean }];
    wrapperIndex.set(fn, index);
    for (const call of callsOf(fn)) {
      if (!Node.isCallExpression(call)) continue;
      const arg = call.getArguments()[index];
      const value = constantString(arg);
      if (value === null) {
        const param = arg ? parameterIndex(arg) : null;
        if (param && param.index >= 0 && !wrappers.has(param.fn)) {
          wrappers.set(param.fn, { index: param.index, umbrella });
          queue.push([param.fn, { index: param.index, umbrella }]);
          continue;
        }
      }
      const action: Action | null =
        value === null
          ? null
          : (ACTIONS as readonly string[]).includes(value)
            ? (value as Action)
            : actionForTool(value);
      const retrieval = value === null || action !== null;
      if (!retrieval) continue;
      const object = call
        .getArguments()
        .slice(index + 1)
        .map(unwrap)
        .find((a) => Node.isObjectLiteralExpression(a)) as ObjectLiteralExpression | undefined;
      push({
        node: call,
        at: arg ?? call,
        tool: value === null ? null : action ? `oddkit_${action}` : value,
        action,
        umbrella,
        args: object ?? null,
        insideWrapper: false,
        retrieval: true,
        calls: fn,
        startSteps: [],
        startParsed: false,
      });
    }
  }
  return { calls, wrappers: wrapperIndex };
}
