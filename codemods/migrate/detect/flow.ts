/**
 * Following a reply from the call that produced it to every place it is
 * read: awaits, `.then` callbacks, aliases, destructuring (defaults,
 * nesting, rest), reassignment, class fields, returns (to every caller, or to
 * the one call that passed it in), arguments of project functions, React
 * state setters and component props, loops, array callbacks, spreads and
 * object/array literals. Each state carries the fields read so far
 * (`steps`), so that a read is classified by where it happens
 * (`result.hits`, an entry's `path`) — see fields.ts.
 *
 * Where the value leaves what the analysis can see (an unknown function, a
 * `Response` body, a framework callback's return, an exported function with
 * no caller in the files), an escape is recorded: the code beyond it may
 * read anything, so a rewrite could not be proven to keep its behaviour.
 */

import { FILTER_NAMES } from "oddkit-sdk/internal";
import { Node, SyntaxKind } from "ts-morph";
import { EVERY_PAGE } from "../added-functions.js";
import { callsOf, enclosingFunction } from "./calls.js";
import {
  CALLBACK_METHODS,
  classifyRead,
  LEAF_FIELDS,
  LEGACY_LIST_FIELDS,
  PASSTHROUGH_FUNCTIONS,
  PASSTHROUGH_METHODS,
  TRANSPORT_METHODS,
} from "./fields.js";
import { declarationsOf, functionOfDeclaration, isFunctionLike, unwrap } from "./nodes.js";
import { referencesOf } from "./references.js";

export interface FlowRead {
  readonly node: Node;
  readonly field: string;
  readonly what: string;
  readonly steps: readonly string[];
  /** Was the reply parsed (JSON.parse) on the way here? (Absent: as at the call.) */
  readonly parsed?: boolean;
}

export interface FlowEscape {
  readonly node: Node;
  readonly how: string;
  readonly legacy: boolean;
}

export interface Trace {
  readonly reads: FlowRead[];
  readonly escapes: FlowEscape[];
  /** Contract reads that need a disclosure flag on the call. */
  readonly flags: { readonly node: Node; readonly flag: "metadata" }[];
  /** Reads of an entry's frontmatter field a contract filter selects on (`metadata.audience`, …). */
  readonly predicates: { readonly node: Node; readonly field: string }[];
  /** Reads of `result.status` (its values differ by action: see detect's resolve rule). */
  readonly statuses: Node[];
  /** For a call inside a wrapper: the position of what the wrapper returns. */
  returned: { steps: readonly string[]; parsed: boolean } | null;
}

interface Ctx {
  readonly fn: Node;
  readonly call: Node;
}

interface State {
  readonly steps: readonly string[];
  readonly parsed: boolean;
  readonly ctx: readonly Ctx[];
}

/** Fields after whose (legacy) read the value is still a response shape worth following. */
const CONTINUE = new Set([
  ...LEGACY_LIST_FIELDS,
  "result",
  "pagination",
  "evidence",
  "data",
  "supersession_chain",
]);
const SILENT_SINKS = /^(console\.\w+|String|Number|Boolean|encodeURIComponent|encodeURI|assert\w*|expect)$/;
const STATE_HOOKS = /(^|\.)use(State|Reducer)$/;
const QUERY_HOOKS = /(^|\.)use(Query|SuspenseQuery|SWR|Resource)$/;
const MAX_VISITS = 4000;
/** Frontmatter fields a contract filter selects on (audience, exposure, tier, public, start_here, tags). */
const FILTERABLE_FIELDS: ReadonlySet<string> = new Set(
  FILTER_NAMES.filter((f) => f !== "path_prefix" && f !== "include" && f !== "exclude"),
);
const MAX_STEPS = 10;

function last(steps: readonly string[]): string | undefined {
  return steps[steps.length - 1];
}

function functionParams(fn: Node): Node[] {
  return (fn as unknown as { getParameters?: () => Node[] }).getParameters?.() ?? [];
}

function isExported(fn: Node): boolean {
  const holder = Node.isFunctionDeclaration(fn)
    ? fn
    : fn.getFirstAncestorByKind(SyntaxKind.VariableStatement);
  const text = holder?.getText() ?? "";
  return /^export\s/.test(text) || Node.isExportAssignment(fn.getParent() ?? fn);
}

export function traceFrom(
  start: Node,
  initial: { steps: readonly string[]; parsed: boolean },
  options: { stopAtReturnOf?: Node } = {},
): Trace {
  const trace: Trace = { reads: [], escapes: [], flags: [], predicates: [], statuses: [], returned: null };
  const visited = new Set<string>();
  let visits = 0;

  const key = (node: Node, state: State) =>
    `${node.getSourceFile().getFilePath()}:${node.getPos()}:${node.getEnd()}:${node.getKind()}|${state.steps.join(".")}|${state.parsed}|${state.ctx.map((c) => c.call.getPos()).join(",")}`;

  const leave = (node: Node, how: string, state: State) => {
    // What escapes is the value inside any object/array literal it was wrapped in.
    const real = state.steps.filter((s) => !s.startsWith("{") && s !== "[]");
    const l = last(real);
    // A JSON-RPC `error` (read before the tool's reply is parsed) is the transport's, not a legacy shape.
    const rpcError = !state.parsed && real[0] === "error";
    // An entry's frontmatter (spread into a view model, say) carries no response shape.
    if (l === "metadata") return;
    trace.escapes.push({ node, how, legacy: !rpcError && (l !== "data" || real.length === 0) });
  };

  const refsFlow = (name: Node, state: State) => {
    if (!Node.isIdentifier(name)) return;
    for (const ref of referencesOf(name)) {
      if (ref === name) continue;
      // An assignment target is not a read.
      const parent = ref.getParent();
      if (
        Node.isBinaryExpression(parent) &&
        parent.getLeft() === ref &&
        parent.getOperatorToken().getText() === "="
      )
        continue;
      flow(ref, state);
    }
  };

  const bind = (name: Node, state: State) => {
    if (Node.isIdentifier(name)) {
      refsFlow(name, state);
      return;
    }
    if (Node.isObjectBindingPattern(name)) {
      for (const element of name.getElements()) {
        const elementName = element.getNameNode();
        if (element.getDotDotDotToken()) {
          bind(elementName, state);
          continue;
        }
        const prop = element.getPropertyNameNode();
        const key = (prop ?? elementName).getText().replace(/^["']|["']$/g, "");
        const next = readField(key, element, state, false);
        if (next) bind(elementName, next);
      }
      return;
    }
    if (Node.isArrayBindingPattern(name)) {
      const steps = last(state.steps) === "[]" ? state.steps.slice(0, -1) : state.steps;
      for (const element of name.getElements()) {
        if (Node.isBindingElement(element)) bind(element.getNameNode(), { ...state, steps });
      }
    }
  };

  /** Record a read of `field`; the state to continue with, or null when the flow ends here. */
  const readField = (field: string, at: Node, state: State, transportContent: boolean): State | null => {
    const l = last(state.steps);
    if (l?.startsWith("{")) {
      // A property of an object literal the value was wrapped in.
      return field === l.slice(1, -1) ? { ...state, steps: state.steps.slice(0, -1) } : null;
    }
    if (l === "[]") return null;
    // A frontmatter field of an entry: a leaf, noted when a contract filter selects on it.
    if (l === "metadata" && state.steps.length > 1) {
      if (FILTERABLE_FIELDS.has(field)) trace.predicates.push({ node: at, field });
      return null;
    }
    if (field === "status" && l === "result" && !onErrorPath(at)) trace.statuses.push(at);
    const cls = classifyRead(state.steps, field, transportContent);
    if (cls.legacy && !onErrorPath(at))
      trace.reads.push({ node: at, field, what: cls.what, steps: state.steps, parsed: state.parsed });
    if (cls.flag) trace.flags.push({ node: at, flag: cls.flag });
    // An entry's metadata is followed one step further, to its frontmatter fields (see above).
    if (field === "metadata" && (l === "data" || (l !== undefined && LEGACY_LIST_FIELDS.has(l))))
      return state.steps.length >= MAX_STEPS ? null : { ...state, steps: [...state.steps, field] };
    if (LEAF_FIELDS.has(field)) return null;
    if (cls.legacy && !CONTINUE.has(field)) return null;
    if (state.steps.length >= MAX_STEPS) return null;
    return { ...state, steps: [...state.steps, field] };
  };

  const returnFrom = (fn: Node, at: Node, state: State) => {
    const top = state.ctx[state.ctx.length - 1];
    if (top && top.fn === fn) {
      flow(top.call, { ...state, ctx: state.ctx.slice(0, -1) });
      return;
    }
    if (options.stopAtReturnOf === fn) {
      trace.returned ??= { steps: state.steps, parsed: state.parsed };
      return;
    }
    // A callback handed to a query hook: its return becomes the hook's `data`.
    const holder = fn.getParent();
    if (Node.isPropertyAssignment(holder) && holder.getName() === "queryFn") {
      const call = holder.getParent()?.getParent();
      if (Node.isCallExpression(call) && QUERY_HOOKS.test(call.getExpression().getText())) {
        flow(call, { ...state, steps: [...state.steps, "{data}"] });
        return;
      }
    }
    if (Node.isCallExpression(holder) && holder.getArguments().includes(fn)) {
      const callee = holder.getExpression().getText();
      // A page function handed to the complete-listing helper a `listings=complete` rewrite adds:
      // its answer is one page's shape, every page joined.
      if (callee === EVERY_PAGE && holder.getArguments()[0] === fn) {
        flow(holder, state);
        return;
      }
      if (QUERY_HOOKS.test(callee)) {
        flow(holder, { ...state, steps: [...state.steps, "{data}"] });
        return;
      }
      leave(at, `returned to ${callee}(…)`, state);
      return;
    }
    const calls = callsOf(fn);
    if (calls.length === 0) {
      leave(
        at,
        isExported(fn) ? "returned to callers outside the analysed files" : "returned to an unknown caller",
        state,
      );
      return;
    }
    for (const call of calls) flow(call, state);
  };

  const intoFunction = (fn: Node, index: number, call: Node, state: State) => {
    const param = functionParams(fn)[index];
    if (!param || !Node.isParameterDeclaration(param)) return;
    bind(param.getNameNode(), { ...state, ctx: [...state.ctx, { fn, call }] });
  };

  const intoCallback = (
    callback: Node | undefined,
    index: number,
    call: Node,
    state: State,
    returns: boolean,
  ) => {
    if (!callback) return;
    let fn: Node | undefined = unwrap(callback);
    if (!isFunctionLike(fn)) {
      const decl = declarationsOf(fn)[0];
      fn = decl ? functionOfDeclaration(decl) : undefined;
      if (!fn) {
        leave(callback, `handed to ${callback.getText()}`, state);
        return;
      }
    }
    const param = functionParams(fn)[index];
    const ctx = returns ? [...state.ctx, { fn, call }] : state.ctx;
    if (param && Node.isParameterDeclaration(param)) bind(param.getNameNode(), { ...state, ctx });
  };

  const methodCall = (method: string, call: Node, state: State) => {
    if (!Node.isCallExpression(call)) return;
    const args = call.getArguments();
    if (method === "then") {
      intoCallback(args[0], 0, call, state, true);
      return;
    }
    if (TRANSPORT_METHODS.has(method)) {
      flow(call, state);
      return;
    }
    if (CALLBACK_METHODS.has(method)) {
      const elementSteps = last(state.steps) === "[]" ? state.steps.slice(0, -1) : state.steps;
      const element = { ...state, steps: elementSteps };
      if (method === "reduce") intoCallback(args[0], 1, call, element, false);
      else if (method === "sort" || method === "toSorted") {
        intoCallback(args[0], 0, call, element, false);
        intoCallback(args[0], 1, call, element, false);
      } else intoCallback(args[0], 0, call, element, method === "map" || method === "flatMap");
      if (PASSTHROUGH_METHODS.has(method)) flow(call, state);
      return;
    }
    if (PASSTHROUGH_METHODS.has(method)) flow(call, state);
    if (method === "push" || method === "unshift") {
      const target = (call.getExpression() as { getExpression?: () => Node }).getExpression?.();
      if (target) {
        const decl = declarationsOf(target)[0];
        if (decl && Node.isVariableDeclaration(decl)) bind(decl.getNameNode(), state);
      }
    }
  };

  const argumentOf = (expr: Node, call: Node, state: State) => {
    if (!Node.isCallExpression(call)) return;
    const callee = call.getExpression();
    const calleeText = callee.getText();
    const index = call.getArguments().indexOf(expr);
    if (PASSTHROUGH_FUNCTIONS.has(calleeText)) {
      flow(call, calleeText === "JSON.parse" ? { ...state, steps: [], parsed: true } : state);
      return;
    }
    if (SILENT_SINKS.test(calleeText)) return;
    if (Node.isPropertyAccessExpression(callee) && ["push", "unshift"].includes(callee.getName())) {
      const decl = declarationsOf(callee.getExpression())[0];
      if (decl && Node.isVariableDeclaration(decl)) {
        bind(decl.getNameNode(), { ...state, steps: [...state.steps, "[]"] });
        return;
      }
    }
    const nameNode = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
    for (const decl of declarationsOf(nameNode)) {
      const fn = functionOfDeclaration(decl);
      if (fn && !fn.getSourceFile().isDeclarationFile()) {
        intoFunction(fn, index, call, state);
        return;
      }
      // `const [items, setItems] = useState(…)`: what the setter gets, `items` holds.
      if (Node.isBindingElement(decl)) {
        const pattern = decl.getParent();
        const holder = pattern?.getParent();
        if (
          Node.isArrayBindingPattern(pattern) &&
          Node.isVariableDeclaration(holder) &&
          pattern.getElements().indexOf(decl) === 1
        ) {
          const init = holder.getInitializer();
          if (Node.isCallExpression(init) && STATE_HOOKS.test(init.getExpression().getText())) {
            const first = pattern.getElements()[0];
            if (first && Node.isBindingElement(first)) bind(first.getNameNode(), state);
            return;
          }
        }
      }
    }
    leave(expr, `passed to ${calleeText.length > 40 ? `${calleeText.slice(0, 40)}…` : calleeText}(…)`, state);
  };

  const jsxProp = (expr: Node, attr: Node, state: State) => {
    if (!Node.isJsxAttribute(attr)) return;
    const prop = attr.getNameNode().getText();
    const opening = attr.getParent()?.getParent();
    const tag =
      Node.isJsxOpeningElement(opening) || Node.isJsxSelfClosingElement(opening)
        ? opening.getTagNameNode()
        : undefined;
    const decl = tag ? declarationsOf(tag)[0] : undefined;
    const fn = decl ? functionOfDeclaration(decl) : undefined;
    const param = fn ? functionParams(fn)[0] : undefined;
    if (!fn || !param || !Node.isParameterDeclaration(param)) {
      if (/^[a-z]/.test(tag?.getText() ?? "")) return; // an intrinsic element renders the value: a leaf
      leave(expr, `passed as prop ${prop} to <${tag?.getText() ?? "?"}>`, state);
      return;
    }
    bind(param.getNameNode(), { ...state, steps: [...state.steps, `{${prop}}`] });
  };

  function flow(expr: Node, state: State): void {
    if (++visits > MAX_VISITS) return;
    const k = key(expr, state);
    if (visited.has(k)) return;
    visited.add(k);
    const parent = expr.getParent();
    if (!parent) return;

    if (
      Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isNonNullExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isTypeAssertion(parent) ||
      Node.isAwaitExpression(parent)
    ) {
      flow(parent, state);
      return;
    }
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr) {
      const field = parent.getName();
      const grand = parent.getParent();
      if (Node.isCallExpression(grand) && grand.getExpression() === parent) {
        methodCall(field, grand, state);
        return;
      }
      const after = grand;
      const transportContent =
        field === "content" &&
        ((Node.isElementAccessExpression(after) && after.getExpression() === parent) ||
          (Node.isPropertyAccessExpression(after) &&
            ["find", "filter", "map", "at", "some", "forEach", "flatMap", "length"].includes(
              after.getName(),
            )));
      const next = readField(field, parent.getNameNode(), state, transportContent);
      if (next) flow(parent, next);
      return;
    }
    if (Node.isElementAccessExpression(parent) && parent.getExpression() === expr) {
      const arg = parent.getArgumentExpression();
      if (arg && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg))) {
        const next = readField(arg.getLiteralText(), arg, state, false);
        if (next) flow(parent, next);
        return;
      }
      const steps = last(state.steps) === "[]" ? state.steps.slice(0, -1) : state.steps;
      flow(parent, { ...state, steps });
      return;
    }
    if (Node.isVariableDeclaration(parent) && parent.getInitializer() === expr) {
      bind(parent.getNameNode(), state);
      return;
    }
    if (Node.isBinaryExpression(parent)) {
      const op = parent.getOperatorToken().getText();
      if (op === "=" && parent.getRight() === expr) {
        const left = unwrap(parent.getLeft());
        if (Node.isIdentifier(left)) {
          const decl = declarationsOf(left)[0];
          if (decl && Node.isVariableDeclaration(decl)) bind(decl.getNameNode(), state);
          else refsFlow(left, state);
        } else if (Node.isPropertyAccessExpression(left)) {
          const name = left.getNameNode();
          for (const ref of referencesOf(name)) {
            const access = ref.getParent();
            if (ref === name || !Node.isPropertyAccessExpression(access)) continue;
            const assign = access.getParent();
            if (Node.isBinaryExpression(assign) && assign.getLeft() === access) continue;
            flow(access, state);
          }
          if (/^(module\.)?exports\b/.test(left.getText())) leave(expr, "exported", state);
        } else if (Node.isObjectLiteralExpression(left) || Node.isArrayLiteralExpression(left)) {
          leave(expr, "destructuring assignment", state);
        }
        return;
      }
      if (["??", "||", "&&", "??=", "||="].includes(op)) flow(parent, state);
      return;
    }
    if (Node.isConditionalExpression(parent) && parent.getCondition() !== expr) {
      flow(parent, state);
      return;
    }
    if (Node.isReturnStatement(parent)) {
      const fn = enclosingFunction(parent);
      if (fn) returnFrom(fn, expr, state);
      return;
    }
    if (Node.isArrowFunction(parent) && parent.getBody() === expr) {
      returnFrom(parent, expr, state);
      return;
    }
    if (Node.isCallExpression(parent) && parent.getArguments().includes(expr)) {
      argumentOf(expr, parent, state);
      return;
    }
    if (Node.isNewExpression(parent)) {
      leave(expr, `passed to new ${parent.getExpression().getText()}(…)`, state);
      return;
    }
    if (Node.isPropertyAssignment(parent) || Node.isShorthandPropertyAssignment(parent)) {
      const object = parent.getParent();
      const name = parent.getName().replace(/^["']|["']$/g, "");
      if (object) flow(object, { ...state, steps: [...state.steps, `{${name}}`] });
      return;
    }
    if (Node.isSpreadAssignment(parent)) {
      const object = parent.getParent();
      if (object) flow(object, state);
      return;
    }
    if (Node.isSpreadElement(parent)) {
      const holder = parent.getParent();
      if (Node.isArrayLiteralExpression(holder)) flow(holder, state);
      else if (Node.isCallExpression(holder)) {
        const callee = holder.getExpression();
        const decl =
          Node.isPropertyAccessExpression(callee) && ["push", "unshift"].includes(callee.getName())
            ? declarationsOf(callee.getExpression())[0]
            : undefined;
        if (decl && Node.isVariableDeclaration(decl)) bind(decl.getNameNode(), state);
        else leave(expr, `spread into ${callee.getText()}(…)`, state);
      }
      return;
    }
    if (Node.isArrayLiteralExpression(parent)) {
      flow(parent, { ...state, steps: [...state.steps, "[]"] });
      return;
    }
    if (Node.isForOfStatement(parent) && parent.getExpression() === expr) {
      const init = parent.getInitializer();
      const steps = last(state.steps) === "[]" ? state.steps.slice(0, -1) : state.steps;
      if (Node.isVariableDeclarationList(init)) {
        const decl = init.getDeclarations()[0];
        if (decl) bind(decl.getNameNode(), { ...state, steps });
      } else if (init) flow(init, { ...state, steps });
      return;
    }
    if (Node.isJsxExpression(parent)) {
      const attr = parent.getParent();
      if (Node.isJsxAttribute(attr)) jsxProp(expr, attr, state);
      return;
    }
    if (Node.isExportAssignment(parent) || Node.isYieldExpression(parent)) {
      leave(expr, Node.isExportAssignment(parent) ? "exported" : "yielded", state);
      return;
    }
    if (Node.isPropertyDeclaration(parent) && parent.getInitializer() === expr) {
      const name = parent.getNameNode();
      if (!Node.isIdentifier(name)) return;
      for (const ref of referencesOf(name)) {
        const access = ref.getParent();
        if (ref !== name && Node.isPropertyAccessExpression(access)) flow(access, state);
      }
    }
    // Anything else (a condition, a template string, a comparison, a statement) uses the value as a leaf.
  }

  flow(start, { steps: initial.steps, parsed: initial.parsed, ctx: [] });
  return trace;
}

/**
 * Inside the branch of `if (x.action === "error")`: the legacy error
 * envelope's path. A contract server answers errors as error results, so the
 * branch is simply never taken; reads there change no successful answer.
 */
function onErrorPath(node: Node): boolean {
  for (let current: Node | undefined = node; current; current = current.getParent()) {
    const parent = current.getParent();
    if (Node.isIfStatement(parent) && parent.getThenStatement() === current) {
      if (/\.action\s*===?\s*["']error["']/.test(parent.getExpression().getText())) return true;
    }
  }
  return false;
}
