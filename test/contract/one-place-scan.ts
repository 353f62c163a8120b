/**
 * The source scan behind test/contract/one-place.test.ts (see there for what
 * it looks for and why). Kept out of the test file so that it can be imported.
 */
import ts from "typescript";
import {
  ACTION_SPECS,
  ACTIONS,
  DEFAULT_INCLUDE,
  FLAG_CAPS,
  FLAGS,
  type Flag,
  KINDS,
  NO_FLAG_CAP,
} from "../../src/contract/index.js";

/** Literal sets that must only exist in the core. */
const FORBIDDEN_SETS: { name: string; values: readonly string[] }[] = [
  ...ACTIONS.map((a) => ({ name: `permitted flags of ${a}`, values: ACTION_SPECS[a].permittedFlags })),
  { name: "FLAGS", values: FLAGS },
  { name: "DEFAULT_INCLUDE", values: DEFAULT_INCLUDE },
  { name: "KINDS", values: KINDS },
  // ACTIONS is deliberately absent: the five names are also the legacy server's
  // retrieval actions, which the shims and legacy code list in their own tables.
];

/**
 * Fixed fragments of the contract's error wording. The test checks them
 * against the real builders' output, so a reworded message fails loudly here.
 */
export const MESSAGE_FRAGMENTS = [
  "is not permitted on action",
  "Use get with a URI for full-body retrieval",
  "Permitted flags on",
  "exceeds the maximum",
  "Paginate with offset",
];
const DEFAULT_INCLUDE_TEXT = DEFAULT_INCLUDE.join(", ");
const CAP_NAMES =
  /^(max|maxLimit|max_limit|cap|limitCap|maxLimitForActiveFlags|max_limit_for_active_flags|noFlagCap)$/;

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
const isFlag = (name: string | null): name is Flag =>
  name !== null && (FLAGS as readonly string[]).includes(name);
const propertyName = (p: ts.PropertyAssignment): string | null =>
  ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : null;

/** Scan one file's code. Comments are trivia to the parser, so they are never visited. */
export function scanSource(file: string, text: string): Finding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });

  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2) {
      const values = node.elements.map((e) => (ts.isStringLiteralLike(e) ? e.text : null));
      if (values.every((v): v is string => v !== null)) {
        const hit = FORBIDDEN_SETS.find((s) => sameSet(values, s.values));
        if (hit) at(node, `literal copy of ${hit.name}: ${node.getText(sf)}`);
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      // `flag: cap` properties. A lone `body: 1` is too common a pair to mean
      // anything (a ranking weight, a count), so a cap of 1 only counts beside
      // another flag's cap in the same object.
      const copies = node.properties.filter((p): p is ts.PropertyAssignment => {
        if (!ts.isPropertyAssignment(p) || !ts.isNumericLiteral(p.initializer)) return false;
        const name = propertyName(p);
        return isFlag(name) && FLAG_CAPS[name] === Number(p.initializer.text);
      });
      for (const p of copies) {
        if (copies.length >= 2 || Number(p.initializer.getText(sf)) > 1) {
          at(p, `literal copy of the ${propertyName(p)} cap: ${p.getText(sf)}`);
        }
      }
    }
    if (ts.isPropertyAssignment(node) && ts.isNumericLiteral(node.initializer)) {
      const name = propertyName(node);
      if (name !== null && CAP_NAMES.test(name) && Number(node.initializer.text) === NO_FLAG_CAP) {
        at(node, `literal copy of NO_FLAG_CAP: ${node.getText(sf)}`);
      }
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const { text } = node;
      if (text.includes(DEFAULT_INCLUDE_TEXT)) at(node, `default include spelled out: "${text}"`);
      for (const fragment of MESSAGE_FRAGMENTS) {
        if (text.includes(fragment)) at(node, `contract error wording ("${fragment}") restated: "${text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
