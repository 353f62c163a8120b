/**
 * Find-references for the detection pass, without the display text.
 *
 * ts-morph's `findReferencesAsNodes()` goes through the language service's
 * `findReferences`, which describes every definition it finds for an editor
 * (its kind *and* its display parts: the symbol's type printed as text).
 * Detection needs only the reference nodes and whether the definition is an
 * alias; printing the types was most of the time spent finding references
 * (issue 16: 4.6 of 7.3 s over 500 consumer files). This runs the same
 * search (the compiler's `FindAllReferences.Core.getReferencedSymbolsForNode`
 * over the same program and files) and keeps ts-morph's rules for which
 * references to return, so the nodes are the same nodes in the same order:
 *
 * - a referenced symbol whose definition is an alias yields every reference;
 * - otherwise its first reference is dropped when it is the definition.
 *
 * A definition's kind is `alias` only when its symbol carries the Alias flag
 * (TypeScript's symbol display assigns that kind nowhere else), so only those
 * pay for the full description. Anything but an identifier (a `#private`
 * name) goes through ts-morph as before.
 */
import { Node, ts } from "ts-morph";

/** The compiler's find-all-references internals (present on the `ts` namespace at runtime, not typed). */
interface FindAllReferences {
  readonly Core: {
    getReferencedSymbolsForNode(
      position: number,
      node: ts.Node,
      program: ts.Program,
      sourceFiles: readonly ts.SourceFile[],
      cancellationToken: ts.CancellationToken,
      options: { use: number },
    ): readonly { definition?: Definition; references: readonly Entry[] }[] | undefined;
    getAdjustedNode(node: ts.Node, options: { use: number }): ts.Node;
    getIntersectingMeaningFromDeclarations(node: ts.Node, symbol: ts.Symbol): number;
  };
  readonly FindReferencesUse: { readonly References: number };
  toReferenceEntry(entry: Entry): ts.ReferenceEntry;
  isDeclarationOfSymbol(node: ts.Node, symbol: ts.Symbol): boolean;
}

interface Definition {
  /** 0: a symbol; the other kinds (label, keyword, this, string, triple-slash) are never aliases. */
  readonly type: number;
  readonly symbol?: ts.Symbol;
}

interface Entry {
  /** 0: a span (no node). */
  readonly kind: number;
  readonly node?: ts.Node;
}

interface TsInternals {
  readonly FindAllReferences: FindAllReferences;
  readonly SymbolDisplay: {
    getSymbolDisplayPartsDocumentationAndSymbolKind(
      checker: ts.TypeChecker,
      symbol: ts.Symbol,
      sourceFile: ts.SourceFile,
      enclosingDeclaration: ts.Node,
      location: ts.Node,
      semanticMeaning: number,
    ): { symbolKind: string };
  };
  getTouchingPropertyName(sourceFile: ts.SourceFile, position: number): ts.Node;
  getDeclarationFromName(name: ts.Node): ts.Declaration | undefined;
  isLiteralComputedPropertyDeclarationName(node: ts.Node): boolean;
  getCombinedLocalAndExportSymbolFlags(symbol: ts.Symbol): ts.SymbolFlags;
}

/** What ts-morph's wrappers need to turn a reference entry into the node it returns. */
interface MorphContext {
  readonly compilerFactory: {
    addOrGetSourceFileFromFilePath(
      path: string,
      options: { markInProject: boolean; scriptKind: undefined },
    ): Node;
    getNodeFromCompilerNode(node: ts.Node, sourceFile: Node): Node;
  };
  readonly fileSystemWrapper: { getStandardizedAbsolutePath(path: string): string };
}

/**
 * ts-morph's children of a compiler node as its wrappers walk them (the compiler's children with
 * its comment nodes merged in), read without creating a wrapper per child.
 */
const morphChildren = (Node.prototype as unknown as { _getCompilerChildren(this: unknown): ts.Node[] })
  ._getCompilerChildren;

/**
 * The node ts-morph's `ReferencedSymbolEntry.getNode()` returns, found the way it finds it — from
 * the file down through the child at the span's start, the deepest such node unless one on the way
 * starts there with a width equal to the span's *end* (its comparison) — over compiler nodes, wrapping
 * only the node returned: its walk wraps (and then forgets) every child on the way.
 */
function entryNode(context: MorphContext, entry: ts.ReferenceEntry): Node {
  const sourceFile = context.compilerFactory.addOrGetSourceFileFromFilePath(
    context.fileSystemWrapper.getStandardizedAbsolutePath(entry.fileName),
    { markInProject: false, scriptKind: undefined },
  );
  const file = sourceFile.compilerNode as ts.SourceFile;
  const start = entry.textSpan.start;
  const width = start + entry.textSpan.length;
  let best: ts.Node | undefined;
  let found: ts.Node | undefined;
  let next: ts.Node | undefined = file;
  while (next !== undefined) {
    if (found === undefined) best = next;
    if (next.getStart(file) === start && next.getEnd() - next.getStart(file) === width) best = found = next;
    else if (found !== undefined) break;
    next = childAt(next, start, file);
  }
  return context.compilerFactory.getNodeFromCompilerNode(best as ts.Node, sourceFile);
}

/** ts-morph's `getChildAtPos`, over compiler nodes. */
function childAt(node: ts.Node, pos: number, file: ts.SourceFile): ts.Node | undefined {
  if (pos < node.pos || pos >= node.end) return undefined;
  for (const child of morphChildren.call({ compilerNode: node, _sourceFile: { compilerNode: file } }))
    if (pos >= child.pos && pos < child.end) return child;
  return undefined;
}

const internals = ts as unknown as TsInternals;
const far = internals.FindAllReferences;
const available =
  typeof far?.Core?.getReferencedSymbolsForNode === "function" &&
  typeof far.Core.getAdjustedNode === "function" &&
  typeof far.toReferenceEntry === "function" &&
  typeof far.isDeclarationOfSymbol === "function" &&
  typeof internals.getTouchingPropertyName === "function" &&
  typeof internals.getDeclarationFromName === "function" &&
  typeof internals.getCombinedLocalAndExportSymbolFlags === "function" &&
  typeof internals.SymbolDisplay?.getSymbolDisplayPartsDocumentationAndSymbolKind === "function";

const NEVER_CANCELLED: ts.CancellationToken = {
  isCancellationRequested: () => false,
  throwIfCancellationRequested: () => {},
};

/** The compiler's `isDefinitionForReference` (not exported). */
function isDefinitionForReference(node: ts.Node): boolean {
  return (
    node.kind === ts.SyntaxKind.DefaultKeyword ||
    !!internals.getDeclarationFromName(node) ||
    internals.isLiteralComputedPropertyDeclarationName(node) ||
    (node.kind === ts.SyntaxKind.ConstructorKeyword && ts.isConstructorDeclaration(node.parent))
  );
}

/** Is the definition's kind `alias` (as the language service would describe it)? */
function isAliasDefinition(definition: Definition, checker: ts.TypeChecker, touching: ts.Node): boolean {
  const { symbol } = definition;
  if (definition.type !== 0 || !symbol) return false;
  if ((internals.getCombinedLocalAndExportSymbolFlags(symbol) & ts.SymbolFlags.Alias) === 0) return false;
  // Rare (import aliases): the full description, as `findReferences` computes it.
  const meaning = far.Core.getIntersectingMeaningFromDeclarations(touching, symbol);
  const enclosing = symbol.declarations?.[0] ?? touching;
  const { symbolKind } = internals.SymbolDisplay.getSymbolDisplayPartsDocumentationAndSymbolKind(
    checker,
    symbol,
    enclosing.getSourceFile(),
    enclosing,
    enclosing,
    meaning,
  );
  return symbolKind === ts.ScriptElementKind.alias;
}

/** The nodes referring to what `name` names: `name.findReferencesAsNodes()`, computed without display text. */
export function referencesOf(name: Node): Node[] {
  const slow = () => (name as unknown as { findReferencesAsNodes(): Node[] }).findReferencesAsNodes();
  if (!available || !Node.isIdentifier(name)) return slow();
  const program = name.getProject().getLanguageService().compilerObject.getProgram();
  const sourceFile = program?.getSourceFile(name.getSourceFile().getFilePath());
  if (!program || !sourceFile) return slow();
  const position = name.getStart();
  const options = { use: far.FindReferencesUse.References };
  const touching = internals.getTouchingPropertyName(sourceFile, position);
  const referenced = far.Core.getReferencedSymbolsForNode(
    position,
    touching,
    program,
    program.getSourceFiles(),
    NEVER_CANCELLED,
    options,
  );
  if (!referenced || referenced.length === 0) return [];
  const checker = program.getTypeChecker();
  const adjusted = far.Core.getAdjustedNode(touching, options);
  const symbol = isDefinitionForReference(adjusted) ? checker.getSymbolAtLocation(adjusted) : undefined;
  const context = (name as unknown as { _context: MorphContext })._context;
  const nodes: Node[] = [];
  for (const { definition, references } of referenced) {
    if (!definition) continue;
    const alias = isAliasDefinition(definition, checker, touching);
    references.forEach((entry, i) => {
      const isDefinition =
        symbol !== undefined && entry.kind !== 0 && entry.node !== undefined
          ? far.isDeclarationOfSymbol(entry.node, symbol)
          : false;
      if (alias || !isDefinition || i > 0) {
        nodes.push(entryNode(context, far.toReferenceEntry(entry)));
      }
    });
  }
  return nodes;
}
