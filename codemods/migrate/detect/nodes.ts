/** Small ts-morph helpers shared by the detection pass. */
import { Node, type ObjectLiteralExpression, type PropertyAccessExpression } from "ts-morph";

/** Strip parentheses, `as`, `!`, `satisfies` and type assertions to reach the value. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isNonNullExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isTypeAssertion(current)
    ) {
      current = current.getExpression();
      continue;
    }
    return current;
  }
}

/** The innermost statement holding a node (a direct child of a block, case clause or the file). */
export function statementOf(node: Node): Node | undefined {
  if (isListedStatement(node)) return node;
  return node.getFirstAncestor(isListedStatement);
}

function isListedStatement(a: Node): boolean {
  const parent = a.getParent();
  return (
    parent !== undefined &&
    (Node.isBlock(parent) ||
      Node.isSourceFile(parent) ||
      Node.isCaseClause(parent) ||
      Node.isDefaultClause(parent) ||
      Node.isModuleBlock(parent)) &&
    Node.isStatement(a)
  );
}

/** Declarations of what an identifier names, through import aliases. */
export function declarationsOf(node: Node): Node[] {
  // `{ action }` names the property: the value it carries is the variable or parameter `action`.
  const parent = node.getParent();
  let symbol =
    Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === node
      ? (parent.getValueSymbol() ?? node.getSymbol())
      : node.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  return symbol?.getDeclarations() ?? [];
}

/** A function declaration, expression, arrow or method. */
export function isFunctionLike(n: Node): boolean {
  return (
    Node.isFunctionDeclaration(n) ||
    Node.isFunctionExpression(n) ||
    Node.isArrowFunction(n) ||
    Node.isMethodDeclaration(n)
  );
}

/** The function declared by (or assigned to) a declaration node, if any. */
export function functionOfDeclaration(decl: Node): Node | undefined {
  if (isFunctionLike(decl)) return decl;
  if (
    Node.isVariableDeclaration(decl) ||
    Node.isPropertyAssignment(decl) ||
    Node.isPropertyDeclaration(decl)
  ) {
    const init = decl.getInitializer();
    const value = init ? unwrap(init) : undefined;
    if (value && isFunctionLike(value)) return value;
  }
  return undefined;
}

/** The property access a node is the name of (`x.content` for the name `content`), if it is one. */
export function accessOf(node: Node): PropertyAccessExpression | undefined {
  const access = node.getParent();
  return Node.isPropertyAccessExpression(access) && access.getNameNode() === node ? access : undefined;
}

/** The value of an object literal's property (`key: value`, or the name of a shorthand `key`). */
export function argValue(args: ObjectLiteralExpression, key: string): Node | undefined {
  const p = args.getProperty(key);
  if (Node.isPropertyAssignment(p)) return p.getInitializer();
  if (Node.isShorthandPropertyAssignment(p)) return p.getNameNode();
  return undefined;
}
