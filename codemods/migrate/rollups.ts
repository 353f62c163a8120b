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
import { NO_FLAG_CAP } from "oddkit-sdk/contract";
import { Node } from "ts-morph";
import { KIND_LIST } from "./added-functions.js";
import type { DecisionChoices } from "./decisions.js";
import type { Group } from "./detect/index.js";

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
