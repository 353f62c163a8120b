/**
 * `j(x).find(type, filter)` without its fixed cost. jscodeshift's `find`
 * builds a new ast-types visitor on every call, and building one computes
 * the supertype table of every known node type (~300): on a consumer-dense
 * repository that was a sixth of the transforms' time, more than the walks
 * themselves. Here one visitor per set of type names is built once and
 * reused (per ast-types instance: a visitor dispatches through the type
 * tables of the instance that built it, so a `j` from another copy of
 * ast-types gets visitors of its own); the walk, its order and the paths it
 * yields are jscodeshift's:
 * the starting paths themselves are never matched, a node (not a path) is
 * wrapped in a parentless `NodePath` as `j(node)` does, and a node type's
 * subtypes match (`CallExpression` finds `OptionalCallExpression` too).
 */
import type { ASTPath, Collection, JSCodeshift } from "jscodeshift";
import type { Node } from "./ast.js";

/** What to do with each path of a node type (keyed by the ast-types name: `"CallExpression"`, `"Node"`). */
export type PathHandlers = Readonly<Record<string, (path: ASTPath<Node>) => void>>;

interface Walker {
  visitor: { visit(path: ASTPath<Node>): unknown };
  /** The walk in progress: its starting path (not matched) and handlers. */
  start: unknown;
  handlers: PathHandlers;
}

/** Idle walkers by ast-types instance (`j.types`), then by the type names they visit. */
const walkers = new WeakMap<object, Map<string, Walker[]>>();

function idleWalkers(j: JSCodeshift): Map<string, Walker[]> {
  let byNames = walkers.get(j.types);
  if (!byNames) {
    byNames = new Map();
    walkers.set(j.types, byNames);
  }
  return byNames;
}

function walkerFor(j: JSCodeshift, names: readonly string[]): Walker {
  const idle = idleWalkers(j).get(names.join(","));
  // A handler may start another walk of the same kind: then a second walker is built (never re-entered).
  const free = idle?.pop();
  if (free) return free;
  const walker: Walker = { visitor: { visit: () => undefined }, start: null, handlers: {} };
  const methods: Record<string, (this: { traverse(path: unknown): void }, path: ASTPath<Node>) => void> = {};
  for (const name of names) {
    methods[`visit${name}`] = function (path) {
      if (path !== walker.start) walker.handlers[name]?.(path);
      this.traverse(path);
    };
  }
  walker.visitor = j.types.PathVisitor.fromMethodsObject(methods) as unknown as Walker["visitor"];
  return walker;
}

function release(j: JSCodeshift, names: readonly string[], walker: Walker): void {
  walker.start = null;
  walker.handlers = {};
  const byNames = idleWalkers(j);
  const key = names.join(",");
  const idle = byNames.get(key);
  if (idle) idle.push(walker);
  else byNames.set(key, [walker]);
}

/** The starting paths of `from`, as `j(from)` would hold them. */
function startPaths(j: JSCodeshift, from: Collection | ASTPath<Node> | Node): ASTPath<Node>[] {
  if (from instanceof j.types.NodePath) return [from as ASTPath<Node>];
  if (typeof (from as Collection).paths === "function")
    return (from as Collection).paths() as ASTPath<Node>[];
  return [new j.types.NodePath(from) as ASTPath<Node>];
}

/**
 * Walks below every starting path of `from` (a collection, a path, or a node)
 * in document order, calling the handler of each node type met (most specific
 * named type of a node, as ast-types dispatches).
 */
export function visitPaths(
  j: JSCodeshift,
  from: Collection | ASTPath<Node> | Node,
  handlers: PathHandlers,
): void {
  const names = Object.keys(handlers).sort();
  for (const start of startPaths(j, from)) {
    const walker = walkerFor(j, names);
    walker.start = start;
    walker.handlers = handlers;
    try {
      walker.visitor.visit(start);
    } finally {
      release(j, names, walker);
    }
  }
}

/** `j(from).find(type).filter((p) => test(p.value)).paths()`, with a reused visitor. */
export function findPaths(
  j: JSCodeshift,
  from: Collection | ASTPath<Node> | Node,
  type: { toString(): string },
  test?: (node: Node, path: ASTPath<Node>) => boolean,
): ASTPath<Node>[] {
  const found: ASTPath<Node>[] = [];
  visitPaths(j, from, {
    [String(type)]: (path) => {
      if (!test || test(path.value, path)) found.push(path);
    },
  });
  return found;
}
