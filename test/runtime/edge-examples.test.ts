/**
 * The edge examples of docs/runtimes.md are real files, typechecked against
 * the package source: the Cloudflare Worker with our compiler options and no
 * Node types, the Supabase (Deno) function with `npm:oddkit-sdk` mapped to
 * the source and the two Deno APIs it uses declared.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as sdk from "../../src/index.js";

const EDGE = fileURLToPath(new URL("../../examples/edge/", import.meta.url));
const WORKER = join(EDGE, "cloudflare-worker/worker.ts");
const DENO = join(EDGE, "supabase/functions/essays/index.ts");
const MISUSE = join(EDGE, "cloudflare-worker/misuse.virtual.ts");

/** A Worker that reads a field its helper did not disclose: must not compile. */
const MISUSE_SOURCE = `import { createOddkitClient, getEssaysIndex } from "oddkit-sdk";
export async function misuse(): Promise<unknown> {
  const essays = await getEssaysIndex(createOddkitClient({ url: "https://oddkit.test/mcp" }));
  return essays.data[0]?.metadata;
}
`;

function diagnostics(): { files: string[]; byFile: Map<string, string[]> } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(EDGE, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("examples/edge/tsconfig.json did not parse");
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file === MISUSE
      ? ts.createSourceFile(file, MISUSE_SOURCE, language)
      : getSourceFile(file, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === MISUSE || fileExists(file);
  const program = ts.createProgram([...parsed.fileNames, MISUSE], parsed.options, host);
  const byFile = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? "(global)";
    byFile.set(file, [...(byFile.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, "\n")]);
  }
  return { files: program.getRootFileNames().slice(), byFile };
}

describe("edge examples", () => {
  const { files, byFile: found } = diagnostics();

  it("compiles both examples (an example left out of the program would pass with no diagnostics)", () => {
    expect(files).toEqual(expect.arrayContaining([WORKER, DENO]));
  });

  it("the Cloudflare Worker typechecks against the package with no Node types", () => {
    expect(found.get(WORKER) ?? []).toEqual([]);
  });

  it("the Supabase edge function typechecks with npm:oddkit-sdk mapped to the package", () => {
    expect(found.get(DENO) ?? []).toEqual([]);
  });

  it("nothing else in the program fails (the package source compiles without Node types)", () => {
    const others = [...found.keys()].filter((f) => f !== MISUSE);
    expect(others).toEqual([]);
  });

  it("the typecheck can fail: reading an undisclosed field is a compile error", () => {
    expect((found.get(MISUSE) ?? []).join("\n")).toMatch(/Property 'metadata' does not exist/);
  });

  it("the Deno function imports only names the package exports, from npm:oddkit-sdk, and serves with Deno.serve", () => {
    const text = readFileSync(DENO, "utf8");
    const source = ts.createSourceFile(DENO, text, ts.ScriptTarget.ES2022, true);
    const imports = source.statements.filter(ts.isImportDeclaration);
    expect(imports.map((i) => (i.moduleSpecifier as ts.StringLiteral).text)).toEqual(["npm:oddkit-sdk"]);
    const names = imports.flatMap((i) => {
      const bindings = i.importClause?.namedBindings;
      return bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : [];
    });
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(sdk, name).toHaveProperty(name);
    expect(text).toMatch(/\bDeno\.serve\(/);
  });
});

describe("docs/runtimes.md", () => {
  const doc = readFileSync(fileURLToPath(new URL("../../docs/runtimes.md", import.meta.url)), "utf8");

  it.each([
    ["the Supabase function", DENO],
    ["the Cloudflare Worker", WORKER],
  ])("shows %s exactly as the typechecked file", (_name, file) => {
    expect(doc).toContain(`\`\`\`ts\n${readFileSync(file, "utf8")}\`\`\``);
  });
});
