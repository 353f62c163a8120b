/** Object-literal text the rewrites rebuild. */
import { Node, type ObjectLiteralExpression } from "ts-morph";

/** Rebuild an object literal's text with properties removed and added (one line, or one per line if it was multi-line). */
export function rebuildObject(
  args: ObjectLiteralExpression,
  remove: ReadonlySet<string>,
  add: readonly string[],
): string {
  const kept = args
    .getProperties()
    .filter(
      (p) =>
        !(Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) || !remove.has(p.getName()),
    )
    .map((p) => p.getText());
  const all = [...kept, ...add];
  const text = args.getText();
  if (!text.includes("\n")) return all.length === 0 ? "{}" : `{ ${all.join(", ")} }`;
  const first = args.getProperties()[0];
  const file = args.getSourceFile().getFullText();
  const lineStart = file.lastIndexOf("\n", (first ?? args).getStart() - 1) + 1;
  const indent = first ? (file.slice(lineStart, first.getStart()).match(/^\s*/)?.[0] ?? "  ") : "  ";
  const closeIndent = file.slice(file.lastIndexOf("\n", args.getEnd() - 1) + 1, args.getEnd() - 1);
  return `{\n${all.map((p) => `${indent}${p},`).join("\n")}\n${closeIndent}}`;
}
