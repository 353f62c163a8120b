/**
 * The fat catalog's `start_here` rollup under `rollups=compute` (decisions.ts):
 * legacy answered the paths of the documents flagged `start_here` beside its
 * listing; the contract answers them as a listing of their own, the
 * `start_here: true` filter over every kind. A catalog call read only for its
 * `start_here` becomes that listing, and each read the paths the URIs name
 * (so `paths=uri` is needed too):
 *
 *   result.start_here → result.data.map((entry) => oddkitPathOfUri(entry.uri))
 */
import { effectiveCap, NO_FLAG_CAP } from "oddkit-sdk/contract";
import { Node } from "ts-morph";
import { KIND_LIST } from "./added-functions.js";
import { literalPageArgs, namesStayInPage } from "./complete-listing.js";
import type { DecisionChoices } from "./decisions.js";
import type { Group } from "./detect/index.js";
import { isFunctionLike, statementOf } from "./detect/nodes.js";

export interface RollupEdit {
  readonly node: Node;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const ARGS = new Set(["sort_by", "limit", "include_metadata"]);

/** Is the group a catalog call read only for its start_here rollup, with the decisions that lift it? */
export function startHereRollup(group: Group, choices: DecisionChoices): boolean {
  if (group.call.action !== "catalog" || choices.rollups !== "compute" || choices.paths !== "uri")
    return false;
  const args = group.call.args;
  if (!args || group.window || group.escapes.length > 0 || group.reads.length === 0) return false;
  if (!args.getProperties().every((p) => Node.isPropertyAssignment(p) && ARGS.has(p.getName()))) return false;
  return group.reads.every((r) => {
    const access = r.node.getParent();
    return (
      r.what === "result.start_here" &&
      Node.isPropertyAccessExpression(access) &&
      access.getNameNode() === r.node
    );
  });
}

/** The edits: the call asks for the start_here listing, each read takes the paths its URIs name. */
export function startHereEdits(group: Group, pathOfUri: (node: Node) => string): RollupEdit[] {
  const args = group.call.args as NonNullable<Group["call"]["args"]>;
  const typed = /\.[cm]?tsx?$/.test(args.getSourceFile().getFilePath());
  const edits: RollupEdit[] = [
    {
      node: args,
      start: args.getStart(),
      end: args.getEnd(),
      text: `{ start_here: true, limit: ${NO_FLAG_CAP}, include: ${KIND_LIST} }`,
    },
  ];
  for (const read of group.reads) {
    const access = read.node.getParent() as import("ts-morph").PropertyAccessExpression;
    const entry = typed ? "(entry: { uri: string })" : "(entry)";
    edits.push({
      node: read.node,
      start: access.getStart(),
      end: access.getEnd(),
      text: `${access.getExpression().getText()}.data.map(${entry} => ${pathOfUri(read.node)}(entry.uri))`,
    });
  }
  return edits;
}

/**
 * A catalog call read only for its `categories`, its reply parsed by the statements from the call to
 * `const <name> = <parsed>.result;` (names declared on the way not used after them).
 */
export interface CategoriesRollup {
  readonly statements: readonly Node[];
  /** The `<parsed>.result` the last statement declares. */
  readonly result: Node;
  readonly name: string;
}

const CATEGORY_ARGS = new Set(["limit", "include_metadata"]);

/** The group as a categories rollup under `rollups=compute`, or null when it is not that shape. */
export function categoriesRollup(group: Group, choices: DecisionChoices): CategoriesRollup | null {
  const { call } = group;
  // The tags are read from the contract's metadata: frontmatter=contract says that is accepted.
  if (call.action !== "catalog" || choices.rollups !== "compute" || choices.frontmatter !== "contract")
    return null;
  const args = call.args;
  if (!args || call.insideWrapper || group.window || group.escapes.length > 0) return null;
  if (group.reads.length === 0 || !Node.isCallExpression(call.node)) return null;
  if (!args.getProperties().every((p) => Node.isPropertyAssignment(p) && CATEGORY_ARGS.has(p.getName())))
    return null;
  if (!literalPageArgs(args)) return null;
  let holder: import("ts-morph").Identifier | null = null;
  for (const read of group.reads) {
    const access = read.node.getParent();
    if (read.what !== "result.categories" || !Node.isPropertyAccessExpression(access)) return null;
    const object = access.getExpression();
    if (access.getNameNode() !== read.node || !Node.isIdentifier(object)) return null;
    if (holder && holder.getText() !== object.getText()) return null;
    holder = object;
  }
  const declaration = holder?.getSymbol()?.getDeclarations()[0];
  if (!holder || !declaration || !Node.isVariableDeclaration(declaration)) return null;
  const init = declaration.getInitializer();
  if (!init || !Node.isPropertyAccessExpression(init) || init.getName() !== "result") return null;
  const last = statementOf(declaration);
  const first = statementOf(call.node);
  const block = last?.getParent();
  if (!last || !first || !block || !Node.isBlock(block) || first.getParent() !== block) return null;
  if (!Node.isVariableStatement(last) || last.getDeclarations().length !== 1) return null;
  const fn = block.getParent();
  if (!fn || !isFunctionLike(fn) || !(fn as unknown as { isAsync(): boolean }).isAsync()) return null;
  const all = block.getStatements();
  const from = all.indexOf(first as never);
  const to = all.indexOf(last as never);
  if (from < 0 || to < from) return null;
  const statements = all.slice(from, to + 1);
  if (!namesStayInPage(statements)) return null;
  return { statements, result: init, name: holder.getText() };
}

/** The edits: every page of the metadata listing joined, each read the categories of its entries. */
export function categoriesEdits(
  group: Group,
  plan: CategoriesRollup,
  helper: (node: Node, name: "everyPage" | "categories") => string,
): RollupEdit[] {
  const call = group.call.node;
  const args = group.call.args as NonNullable<Group["call"]["args"]>;
  const file = call.getSourceFile().getFullText();
  const first = plan.statements[0] as Node;
  const last = plan.statements.at(-1) as import("ts-morph").VariableStatement;
  const pageArgs = `{ limit: ${effectiveCap(["metadata"]).max}, offset, disclosure: ["metadata"], include: ${KIND_LIST} }`;
  const withArgs = (from: number, to: number) =>
    args.getStart() >= from && args.getEnd() <= to
      ? file.slice(from, args.getStart()) + pageArgs + file.slice(args.getEnd(), to)
      : file.slice(from, to);
  const lineStart = file.lastIndexOf("\n", first.getStart() - 1) + 1;
  const indent = file.slice(lineStart, first.getStart()).match(/^\s*/)?.[0] ?? "";
  const before = plan.statements.length > 1 ? (plan.statements.at(-2) as Node) : null;
  const body = before
    ? `${withArgs(first.getStart(), before.getEnd()).replace(/\n(?=[^\n])/g, "\n  ")}\n${indent}  `
    : "";
  const result = withArgs(plan.result.getStart(), plan.result.getEnd());
  const edits: RollupEdit[] = [
    {
      node: call,
      start: first.getStart(),
      end: last.getEnd(),
      text: `${last.getDeclarationKind()} ${plan.name} = await ${helper(call, "everyPage")}(async (offset) => {\n${indent}  ${body}return ${result};\n${indent}});`,
    },
  ];
  for (const read of group.reads) {
    const access = read.node.getParent() as import("ts-morph").PropertyAccessExpression;
    edits.push({
      node: read.node,
      start: access.getStart(),
      end: access.getEnd(),
      text: `${helper(read.node, "categories")}(${plan.name}.data)`,
    });
  }
  return edits;
}
