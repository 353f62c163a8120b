/**
 * Adopting the SDK client in a file: the `oddkit-sdk` import and one
 * module-level `createOddkitClient({ url, consumer })`, reused when present.
 * The URL and consumer label come from what the file already uses (the
 * fetched URL, `?consumer=` in it, the MCP transport's URL, the MCP client's
 * name) or, for the label, from the module the call's transport is imported
 * from (a shared `rpc.ts` that opens the session with `?consumer=`); when
 * they cannot be found, adoption does not happen.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Collection, JSCodeshift } from "jscodeshift";
import { getPropertyValue, type Node, staticString, unwrapExpression } from "./ast.js";
import { findPaths } from "./find.js";
import type { ToolSite } from "./sites.js";

export const SDK_MODULE = "oddkit-sdk";
export const CLIENT_FACTORY = "createOddkitClient";
const CONSUMER_QUERY = /[?&]consumer=([^&#]+)/;
/** `?consumer=label` inside a module's text: the label is URL-unreserved characters or percent escapes. */
const CONSUMER_IN_TEXT = /[?&]consumer=([A-Za-z0-9._~%-]+)/g;
/** How a relative import names a source file: as written, with a source extension, or a folder's index. */
const MODULE_CANDIDATES = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", "/index.ts", "/index.js"];

function isTopLevelBinding(root: Collection, j: JSCodeshift, name: string): boolean {
  const program = root.find(j.Program).paths()[0]?.value;
  if (!program) return false;
  return program.body.some((s: Node) => {
    if (s.type === "ImportDeclaration") return s.specifiers?.some((sp: Node) => sp.local?.name === name);
    const decl = s.type === "ExportNamedDeclaration" ? s.declaration : s;
    return decl?.type === "VariableDeclaration" && decl.declarations.some((d: Node) => d.id.name === name);
  });
}

export interface ClientTarget {
  readonly url: Node;
  readonly consumer: string;
}

/** The text of the source file a relative import names, or null (a package, or nothing readable there). */
function importedText(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return null;
  const base = resolve(dirname(fromFile), specifier);
  // TypeScript's ESM style imports `./rpc.js` for `./rpc.ts`.
  const stems = /\.[cm]?js$/.test(base) ? [base, base.replace(/\.([cm]?)js$/, ".$1ts")] : [base];
  for (const stem of stems) {
    for (const ext of MODULE_CANDIDATES) {
      try {
        return readFileSync(stem + ext, "utf8");
      } catch {
        // not this candidate
      }
    }
  }
  return null;
}

/**
 * The consumer label of the transport a call is made with when the file does
 * not say it: the one `?consumer=` label of the relative modules that the
 * identifiers of the call expression (`fetch(ODDKIT_URL, { headers: await
 * rpcHeaders() })`) are imported from. Several labels, or none: null.
 */
function importedConsumer(j: JSCodeshift, root: Collection, call: Node, file: string): string | null {
  const used = new Set(findPaths(j, call, j.Identifier).map((p: Node) => p.value.name as string));
  const labels = new Set<string>();
  root.find(j.ImportDeclaration).forEach((p: Node) => {
    const declaration = p.value;
    if (declaration.importKind === "type") return;
    if (!declaration.specifiers?.some((s: Node) => used.has(s.local?.name))) return;
    for (const label of moduleLabels(root, file, String(declaration.source.value))) labels.add(label);
  });
  return labels.size === 1 ? ([...labels][0] as string) : null;
}

/** Labels per imported module, per parsed file: a file's calls share one read of each module. */
const labelsRead = new WeakMap<Collection, Map<string, readonly string[]>>();

/** The `?consumer=` labels in the text of the module a relative import names (none when unreadable). */
function moduleLabels(root: Collection, file: string, specifier: string): readonly string[] {
  let byModule = labelsRead.get(root);
  if (!byModule) {
    byModule = new Map();
    labelsRead.set(root, byModule);
  }
  let labels = byModule.get(specifier);
  if (labels === undefined) {
    const text = importedText(file, specifier) ?? "";
    labels = [...text.matchAll(CONSUMER_IN_TEXT)].map((match) => {
      try {
        return decodeURIComponent(match[1] as string);
      } catch {
        return match[1] as string; // a malformed escape: the label as written
      }
    });
    byModule.set(specifier, labels);
  }
  return labels;
}

/**
 * Where the call goes and who the caller is, from the code around the site
 * (and, for the label, the transport's module when `file` is given).
 */
export function clientTarget(
  j: JSCodeshift,
  root: Collection,
  site: ToolSite,
  file?: string,
): ClientTarget | null {
  let urlNode: Node | null = null;
  let consumer: string | null = null;
  // Raw fetch: the first argument of the fetch call holding the site.
  let current = site.path;
  while (current && !(current.value.type === "CallExpression" && current.value.callee.name === "fetch")) {
    current = current.parent;
  }
  if (current) urlNode = current.value.arguments[0];
  // MCP SDK: the Streamable HTTP transport's URL and the Client's name.
  if (!urlNode) {
    root.find(j.NewExpression).forEach((p: Node) => {
      const callee = p.value.callee.name;
      if (callee === "StreamableHTTPClientTransport" || callee === "SSEClientTransport") {
        urlNode = p.value.arguments[0];
      }
      if (callee === "Client" && consumer === null)
        consumer = staticString(getPropertyValue(p.value.arguments[0], "name"));
    });
  }
  if (!urlNode) return null;
  let url = unwrapExpression(urlNode);
  if (url.type === "NewExpression" && url.callee.name === "URL" && url.arguments.length === 1)
    url = url.arguments[0];
  // `${BASE}?consumer=name` → url BASE, consumer name.
  if (url.type === "TemplateLiteral" && url.expressions.length === 1 && url.quasis[0].value.cooked === "") {
    const tail = url.quasis[1].value.cooked as string;
    const match = CONSUMER_QUERY.exec(tail);
    if (match && tail.startsWith("?")) {
      consumer = decodeURIComponent(match[1] as string);
      url = url.expressions[0];
    }
  }
  const literal = staticString(url);
  if (literal !== null) {
    const match = CONSUMER_QUERY.exec(literal);
    if (match) consumer = decodeURIComponent(match[1] as string);
  } else if (url.type !== "Identifier" || !isTopLevelBinding(root, j, url.name)) {
    return null;
  }
  if (consumer === null && current && file !== undefined)
    consumer = importedConsumer(j, root, current.value, file);
  if (consumer === null) return null;
  return { url, consumer };
}

/** The module specifier style of the file: Deno files importing `npm:` packages get `npm:oddkit-sdk`. */
function sdkSpecifier(root: Collection, j: JSCodeshift): string {
  const npmStyle = root
    .find(j.ImportDeclaration)
    .some((p: Node) => String(p.value.source.value).startsWith("npm:"));
  return npmStyle ? `npm:${SDK_MODULE}` : SDK_MODULE;
}

/** Add named imports from the SDK (merged into an existing import of it). */
export function ensureSdkImport(j: JSCodeshift, root: Collection, names: readonly string[]): void {
  const existing: Node = root
    .find(j.ImportDeclaration)
    .filter(
      (p: Node) =>
        [SDK_MODULE, `npm:${SDK_MODULE}`].includes(p.value.source.value) && p.value.importKind !== "type",
    )
    .paths()[0];
  if (existing) {
    const have = new Set(existing.value.specifiers.map((s: Node) => s.imported?.name));
    for (const name of names) {
      if (!have.has(name)) existing.value.specifiers.push(j.importSpecifier(j.identifier(name)));
    }
    return;
  }
  const declaration = j.importDeclaration(
    names.map((n) => j.importSpecifier(j.identifier(n))),
    j.stringLiteral(sdkSpecifier(root, j)),
  );
  const imports = root.find(j.ImportDeclaration).paths();
  const last = imports[imports.length - 1];
  if (last) last.insertAfter(declaration);
  else {
    const program: Node = root.find(j.Program).paths()[0];
    program.value.body.unshift(declaration);
  }
}

/**
 * The name of the module's SDK client, creating `const oddkit = createOddkitClient({ url, consumer })`
 * after the imports (and after the URL's declaration) when the file has none.
 */
export function ensureClient(j: JSCodeshift, root: Collection, target: ClientTarget): string {
  const existing: Node = root
    .find(j.VariableDeclarator)
    .filter((p: Node) => {
      const init = unwrapExpression(p.value.init);
      return (
        init?.type === "CallExpression" &&
        init.callee.name === CLIENT_FACTORY &&
        p.value.id.type === "Identifier"
      );
    })
    .paths()[0];
  if (existing) return existing.value.id.name;
  ensureSdkImport(j, root, [CLIENT_FACTORY]);
  const name = isTopLevelBinding(root, j, "oddkit") ? "oddkitClient" : "oddkit";
  const options = j.objectExpression([
    j.objectProperty(j.identifier("url"), target.url),
    j.objectProperty(j.identifier("consumer"), j.stringLiteral(target.consumer)),
  ]);
  const declaration = j.variableDeclaration("const", [
    j.variableDeclarator(j.identifier(name), j.callExpression(j.identifier(CLIENT_FACTORY), [options])),
  ]);
  const program: Node = root.find(j.Program).paths()[0];
  const body: Node[] = program.value.body;
  // After the last import and after the declaration of the URL binding, whichever is later.
  let index = 0;
  body.forEach((s: Node, i: number) => {
    if (s.type === "ImportDeclaration") index = i + 1;
    const decl = s.type === "ExportNamedDeclaration" ? s.declaration : s;
    if (
      target.url.type === "Identifier" &&
      decl?.type === "VariableDeclaration" &&
      decl.declarations.some((d: Node) => d.id.name === target.url.name)
    ) {
      index = Math.max(index, i + 1);
    }
  });
  body.splice(index, 0, declaration);
  return name;
}
