/**
 * Response types, across files (ts-morph): where only the types can tell that
 * a value holds a legacy oddkit entry — a consumer-declared interface such as
 * `SearchHit { uri; path; title; tags; score; snippet }` returned by a
 * wrapper module and read in other files, through aliases and destructuring.
 *
 * A declaration counts as a legacy entry shape when it is declared in a file
 * that talks to oddkit and has `path` and `title` plus search (`score`,
 * `snippet`) or catalog (`uri`, `metadata`) fields. Then, in every file of
 * the project (found with the language service's references):
 *
 * - `x.path` → `x.uri` with a TODO (a URI is not a repository path), and
 *   `{ path }` → `{ uri: path }`; the declaration's `path` becomes `uri`;
 * - `x.tags` → `((x.metadata.tags as string[] | undefined) ?? [])`; the
 *   declaration's `tags` becomes `metadata: Record<string, unknown>`;
 * - envelope shapes declaring `hits`/`articles` have them renamed to `data`
 *   (every reference follows, including destructuring).
 *
 * This transform works on a whole project at once, so it has its own entry
 * point (`transformProject`) rather than jscodeshift's per-file signature.
 */
import { posix } from "node:path";
import {
  type InterfaceDeclaration,
  Node,
  Project,
  type PropertySignature,
  type SourceFile,
  SyntaxKind,
  type TypeLiteralNode,
} from "ts-morph";
import { isTypeScriptPath } from "./lib/ast.js";
import { RESPONSE_TYPES } from "./lib/names.js";
import type { SiteEvent } from "./lib/report.js";
import { LEGACY_WINDOW_OPT_IN, mayDeclareShape, mentionsOddkit } from "./lib/shapes.js";
import { REVIEWED_MARKER, TODO_TAG } from "./lib/todo.js";
import { PATH_TODO } from "./response-access.js";

export const name = RESPONSE_TYPES;

const SEARCH_FIELDS = ["score", "snippet"];
const ENTRY_PATHS_ARE_FLAGGED = true;
const CATALOG_FIELDS = ["uri", "metadata"];
const TAGS_READ = (object: string) => `(${object}.metadata.tags as string[] | undefined)`;
const TAGS_EXPRESSION = (object: string) => `(${TAGS_READ(object)} ?? [])`;

/** Is the read already the left side of the code's own `??` fallback (`hit.tags ?? []`)? */
function hasOwnFallback(access: Node): boolean {
  let node: Node = access;
  let parent = node.getParent();
  while (parent && Node.isParenthesizedExpression(parent)) {
    node = parent;
    parent = parent.getParent();
  }
  return (
    parent !== undefined &&
    Node.isBinaryExpression(parent) &&
    parent.getOperatorToken().getKind() === SyntaxKind.QuestionQuestionToken &&
    parent.getLeft() === node
  );
}

type Shape = InterfaceDeclaration | TypeLiteralNode;

export interface ProjectFile {
  readonly path: string;
  readonly source: string;
}

function propertyOf(shape: Shape, key: string): PropertySignature | undefined {
  return shape.getProperties().find((p) => p.getName() === key);
}

function isLegacyEntryShape(shape: Shape): boolean {
  const names = new Set(shape.getProperties().map((p) => p.getName()));
  if (!names.has("path") || !names.has("title")) return false;
  return SEARCH_FIELDS.every((f) => names.has(f)) || CATALOG_FIELDS.every((f) => names.has(f));
}

function shapesIn(file: SourceFile): Shape[] {
  const shapes: Shape[] = [...file.getInterfaces()];
  for (const alias of file.getTypeAliases()) {
    const type = alias.getTypeNode();
    if (type && Node.isTypeLiteral(type)) shapes.push(type);
  }
  return shapes;
}

/** The statement that holds a node (a direct child of a block or the file). */
function statementOf(node: Node): Node | undefined {
  return node.getFirstAncestor((a) => {
    const parent = a.getParent();
    return parent !== undefined && (Node.isBlock(parent) || Node.isSourceFile(parent)) && Node.isStatement(a);
  });
}

const IMPORT_SPECIFIER =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The relative module a specifier names among the files, if any (`./a.js` → `./a.ts`, `./dir` → `./dir/index.ts`). */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = posix.join(posix.dirname(from.replace(/\\/g, "/")), specifier);
  const stem = base.replace(/\.(c|m)?jsx?$/, "").replace(/\.(c|m)?tsx?$/, "");
  const tries = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.cts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return tries.find((t) => known.has(t)) ?? null;
}

/**
 * Only the files that can matter are loaded into the (costly) project: those
 * that may declare a legacy shape, and every file importing them, transitively
 * (a value can only travel to files connected by imports).
 */
function relevantFiles(files: readonly ProjectFile[]): ProjectFile[] {
  const seeds = files.filter((f) => mayDeclareShape(f.source));
  if (seeds.length === 0) return [];
  const known = new Set(files.map((f) => f.path.replace(/\\/g, "/")));
  const importsOf = new Map<ProjectFile, string[]>();
  for (const f of files) {
    const found: string[] = [];
    for (const match of f.source.matchAll(IMPORT_SPECIFIER)) {
      const target = resolveImport(f.path, match[1] ?? match[2] ?? "", known);
      if (target) found.push(target);
    }
    importsOf.set(f, found);
  }
  const included = new Set(seeds.map((f) => f.path.replace(/\\/g, "/")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of files) {
      const key = f.path.replace(/\\/g, "/");
      if (!included.has(key) && importsOf.get(f)?.some((t) => included.has(t))) {
        included.add(key);
        grew = true;
      }
    }
  }
  return files.filter((f) => included.has(f.path.replace(/\\/g, "/")));
}

export function transformProject(
  files: readonly ProjectFile[],
  options: { sink?: (event: SiteEvent) => void } = {},
): Map<string, string> {
  const changedFiles = new Map<string, string>();
  const candidates = relevantFiles(files.filter((f) => isTypeScriptPath(f.path)));
  if (candidates.length === 0) return changedFiles;
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: false, allowImportingTsExtensions: true, noEmit: true, jsx: 1 },
  });
  // The compiler drops a byte-order mark: keep it out of the tree and put it back on output.
  const BOM = "\uFEFF";
  for (const f of candidates) {
    project.createSourceFile(f.path, f.source.startsWith(BOM) ? f.source.slice(1) : f.source, {
      overwrite: true,
    });
  }
  const report = (node: Node, what: string) =>
    options.sink?.({
      transform: name,
      line: node.getStartLineNumber(),
      what,
      file: node.getSourceFile().getFilePath(),
    });
  const todos = new Map<Node, string>();

  const legacyFiles = project.getSourceFiles().filter((file) => {
    const text = file.getFullText();
    // A file that opted into the legacy envelope reads legacy fields on purpose during the cutover.
    return mentionsOddkit(text) && !LEGACY_WINDOW_OPT_IN.test(text);
  });
  // Renames first (the rename provider rewrites other files and would invalidate collected nodes)…
  for (const file of legacyFiles) {
    for (const shape of shapesIn(file)) {
      for (const list of ["hits", "articles"]) {
        const prop = propertyOf(shape, list);
        if (prop && !propertyOf(shape, "data")) {
          report(prop, `${list} → data (every reference)`);
          prop.rename("data", { usePrefixAndSuffixText: true });
        }
      }
    }
  }
  // …then the entry field rewrites.
  for (const file of legacyFiles) {
    for (const shape of shapesIn(file))
      if (isLegacyEntryShape(shape)) rewriteEntryShape(shape, todos, report);
  }
  // Markers last, bottom-up per file, so that earlier positions stay valid.
  const markers = [...todos]
    .filter(([statement, reason]) => !statement.wasForgotten() && !hasMarker(statement, reason))
    .map(([statement, reason]) => ({
      file: statement.getSourceFile(),
      position: statement.getStart(),
      text: `// ${TODO_TAG}: ${reason}\n${indentationOf(statement)}`,
    }))
    .sort((a, b) => b.position - a.position);
  for (const marker of markers) marker.file.insertText(marker.position, marker.text);
  for (const file of project.getSourceFiles()) {
    const original = candidates.find((f) => f.path === file.getFilePath());
    if (!original) continue;
    const text = (original.source.startsWith(BOM) ? BOM : "") + file.getFullText();
    if (text !== original.source) changedFiles.set(original.path, text);
  }
  return changedFiles;
}

function rewriteEntryShape(
  shape: Shape,
  todos: Map<Node, string>,
  report: (node: Node, what: string) => void,
): void {
  const path = propertyOf(shape, "path");
  const tags = propertyOf(shape, "tags");
  const hasUri = propertyOf(shape, "uri") !== undefined;
  const hasMetadata = propertyOf(shape, "metadata") !== undefined;
  // Collect first: editing invalidates the language service's answers.
  const pathRefs = path ? referencesOf(path) : [];
  const tagRefs = tags ? referencesOf(tags) : [];
  for (const ref of tagRefs) {
    const access = ref.getParent();
    if (Node.isPropertyAccessExpression(access) && access.getNameNode() === ref) {
      report(access, "entry.tags → entry.metadata.tags (type-driven)");
      const object = access.getExpression().getText();
      // The code's own fallback stays the fallback: a second `?? []` would be dead code (TS 2869).
      access.replaceWithText(hasOwnFallback(access) ? TAGS_READ(object) : TAGS_EXPRESSION(object));
    }
  }
  // A URI is not a path (a frontmatter uri can differ): path reads are never renamed; the runner flags them.
  for (const ref of ENTRY_PATHS_ARE_FLAGGED ? [] : pathRefs) {
    const parent = ref.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) {
      const statement = statementOf(parent);
      if (statement) todos.set(statement, PATH_TODO);
      report(parent, "entry.path → entry.uri (type-driven)");
      ref.replaceWithText("uri");
    } else if (Node.isBindingElement(parent) && parent.getPropertyNameNode() === undefined) {
      const statement = statementOf(parent);
      if (statement) todos.set(statement, PATH_TODO);
      report(parent, "{ path } → { uri: path } (type-driven)");
      parent.replaceWithText(`uri: ${parent.getText()}`);
    } else if (Node.isBindingElement(parent) && parent.getPropertyNameNode() === ref) {
      ref.replaceWithText("uri");
    }
  }
  if (tags) {
    if (hasMetadata) tags.remove();
    else tags.replaceWithText("metadata: Record<string, unknown>;");
  }
  if (path && !ENTRY_PATHS_ARE_FLAGGED) {
    if (hasUri) path.remove();
    else path.getNameNode().replaceWithText("uri");
  }
}

/** Name nodes referring to a property, excluding its own declaration. */
function referencesOf(prop: PropertySignature): Node[] {
  const declaration = prop.getNameNode();
  return prop
    .findReferencesAsNodes()
    .filter((n) => n !== declaration && n.getKind() === SyntaxKind.Identifier);
}

/** The whitespace between the start of the statement's line and the statement. */
function indentationOf(statement: Node): string {
  const text = statement.getSourceFile().getFullText();
  const start = statement.getStart();
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  return text.slice(lineStart, start);
}

function hasMarker(statement: Node, reason: string): boolean {
  const leading = statement.getLeadingCommentRanges().map((c) => c.getText());
  return leading.some((c) => c.includes(REVIEWED_MARKER) || c.includes(reason));
}
