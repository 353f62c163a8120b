/**
 * Reads the contract changed on purpose, made rewritable by a migration
 * decision (decisions.ts): one rule per legacy read, naming the decision and
 * the values that lift it and the edit it becomes. A read whose decision is
 * not taken is flagged exactly as before: the exact engine stays the default.
 *
 * The edits are expression-local (the read's own property access), so a rule
 * holds wherever the read sits: in the function of the call, in a caller of a
 * wrapper, in another file.
 */
import { Node } from "ts-morph";
import { REVIEWED_MARKER } from "../lib/todo.js";
import type { DecisionChoices, DecisionName } from "./decisions.js";
import type { FlowRead } from "./detect/flow.js";
import { accessOf, statementOf } from "./detect/nodes.js";

export interface TextEditAt {
  readonly node: Node;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface DecidedRead {
  readonly decision: DecisionName;
  /** The decision's values under which the read is rewritten. */
  readonly values: readonly string[];
  /** Can this read (where it stands) take the rule's edit? */
  readonly applies: (read: FlowRead) => boolean;
  /** The edits; `pathOfUri` is the name of the file's path-from-URI function (see PATH_OF_URI). */
  readonly edit: (read: FlowRead, helpers: DecidedHelpers) => TextEditAt[];
  /** The read stays as written (the contract's read under the decision): it is noted, not changed. */
  readonly asWritten?: true;
}

export interface DecidedHelpers {
  /** Ask for the file's path-from-URI function; returns the name to call. */
  pathOfUri(node: Node): string;
}

/**
 * A read the decision accepts as written (its text is the contract's read, its values are the
 * contract's): the statement gets a reviewed note naming the decision, so the site reads as
 * decided — to `--check`, to a second run and to the next person — instead of legacy.
 */
export function decidedNote(note: string) {
  return (read: FlowRead): TextEditAt[] => {
    const file = read.node.getSourceFile().getFullText();
    let statement = statementOf(read.node);
    while (statement) {
      const lineStart = file.lastIndexOf("\n", statement.getStart() - 1) + 1;
      if (file.slice(lineStart, statement.getStart()).trim() === "") {
        const indent = file.slice(lineStart, statement.getStart());
        const text = `${indent}// ${REVIEWED_MARKER}: ${note}\n`;
        if (file.slice(file.lastIndexOf("\n", lineStart - 2) + 1, lineStart).includes(REVIEWED_MARKER))
          return [];
        return [{ node: read.node, start: lineStart, end: lineStart, text }];
      }
      const outer = statement.getParent();
      statement = outer ? statementOf(outer) : undefined;
    }
    return [];
  };
}

/** `x.field` → `x.<replacement>` (the object expression kept as written). */
function renameField(replacement: string) {
  return (read: FlowRead): TextEditAt[] => {
    const access = accessOf(read.node);
    if (!access) return [];
    const name = access.getNameNode();
    return [{ node: read.node, start: name.getStart(), end: name.getEnd(), text: replacement }];
  };
}

/**
 * A callback parameter typed inline by the legacy entry (`(hit: { path: string; title: string }) =>`):
 * once its path is derived from the URI, the annotation names `uri` instead (the contract entry has
 * no path). Null when the parameter is not typed so, or already names a `uri`.
 */
function inlinePathAnnotation(object: Node): TextEditAt | null {
  if (!Node.isIdentifier(object)) return null;
  const declaration = object.getSymbol()?.getDeclarations()[0];
  if (!declaration || !Node.isParameterDeclaration(declaration)) return null;
  const type = declaration.getTypeNode();
  if (!type || !Node.isTypeLiteral(type) || type.getProperty("uri")) return null;
  const path = type.getProperty("path");
  if (!path || path.getTypeNode()?.getText() !== "string") return null;
  const name = path.getNameNode();
  return { node: object, start: name.getStart(), end: name.getEnd(), text: "uri" };
}

/** `x.path` → `pathOfUri(x<uri>)`: the repository path the URI names. */
function derivedPath(uriOf: string) {
  return (read: FlowRead, helpers: DecidedHelpers): TextEditAt[] => {
    const access = accessOf(read.node);
    if (!access) return [];
    const object = access.getExpression().getText();
    const call = `${helpers.pathOfUri(read.node)}(${object}${uriOf})`;
    const annotation = uriOf === ".uri" ? inlinePathAnnotation(access.getExpression()) : null;
    return [
      { node: read.node, start: access.getStart(), end: access.getEnd(), text: call },
      ...(annotation ? [annotation] : []),
    ];
  };
}

const plainAccess = (read: FlowRead) => accessOf(read.node) !== undefined;
/** A destructured or plain read needs no edit: its rename happens on the list it came from. */
const anyRead = () => true;

/**
 * The rules, by action and read. Get and resolve answer one document under
 * `data`; search hits and catalog entries are the contract entries themselves.
 */
export const DECIDED_READS: Readonly<Record<string, Readonly<Record<string, DecidedRead>>>> = {
  get: {
    "result.content": {
      decision: "content",
      values: ["body"],
      applies: plainAccess,
      edit: renameField("data.body"),
    },
    "result.content_hash": {
      decision: "hash",
      values: ["contract"],
      applies: plainAccess,
      edit: renameField("data.content_hash"),
    },
    "result.path": {
      decision: "paths",
      values: ["uri"],
      applies: plainAccess,
      edit: derivedPath(".data.uri"),
    },
    // `include_metadata: true` became `disclosure: ["metadata", "body"]`: the frontmatter is the
    // document's `metadata`, as YAML reads it.
    "result.metadata": {
      decision: "frontmatter",
      values: ["contract"],
      applies: plainAccess,
      edit: renameField("data.metadata"),
    },
    "result.error": {
      decision: "errors",
      values: ["contract"],
      // read as a value (read for its truth it is rewritten exactly: rewrite.ts)
      applies: plainAccess,
      edit: renameField("error_message"),
    },
  },
  resolve: {
    // Legacy resolve answered FOUND / NOT_FOUND as the contract does; the contract adds its error
    // statuses (a supersession cycle or a dangling successor) where legacy answered otherwise.
    "result.status": {
      decision: "errors",
      values: ["contract"],
      applies: anyRead,
      asWritten: true,
      edit: decidedNote(
        "errors=contract: resolve's status is the contract's (a supersession fault is an error status, not FOUND with a warning)",
      ),
    },
    // `resolved` becomes `data` (rewrite.ts): its content_hash is the contract's.
    "entry.content_hash": { decision: "hash", values: ["contract"], applies: anyRead, edit: () => [] },
    "entry.path": { decision: "paths", values: ["uri"], applies: plainAccess, edit: derivedPath(".uri") },
  },
  search: {
    "entry.path": { decision: "paths", values: ["uri"], applies: plainAccess, edit: derivedPath(".uri") },
  },
};

/** The rule that lifts this read under these choices, or null. */
export function decidedRead(action: string, read: FlowRead, choices: DecisionChoices): DecidedRead | null {
  const rule = DECIDED_READS[action]?.[read.what];
  if (!rule) return null;
  const chosen = choices[rule.decision];
  if (chosen === undefined || !rule.values.includes(chosen)) return null;
  return rule.applies(read) ? rule : null;
}

/** A read a taken decision accepts as written (noted on its statement): no longer open. */
export function acceptedAsWritten(action: string | null, read: FlowRead, choices: DecisionChoices): boolean {
  return action !== null && decidedRead(action, read, choices)?.asWritten === true;
}

/** The decision (and the value that would lift it) a read waits on, whatever was chosen. */
export function decisionFor(
  action: string | null,
  what: string,
): { decision: DecisionName; value: string } | null {
  const rule = action ? DECIDED_READS[action]?.[what] : undefined;
  return rule ? { decision: rule.decision, value: rule.values[0] as string } : null;
}
