/**
 * A get or resolve keeps `body` whenever the code reads the document's text:
 * over the call shapes consumers use (MCP `callTool`, JSON-RPC bodies through
 * fetch, ofetch's `$fetch`, ky, axios and got, a wrapper function, a wrapper
 * method) and the ways they read it (`content`, destructuring, a raw-file
 * write, an escape the analysis cannot see past), no migrated call asks for a
 * disclosure without `body`. Checked twice: through `migrate` (per-file
 * transforms, then the engine) and through the engine alone on the original
 * text — what a file gets when the no-new-errors gate refuses its transforms'
 * rewrite.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEngine } from "../../codemods/migrate/engine.js";
import { migrate } from "../../codemods/migrate/run.js";

const URL_CONST = `const ODDKIT = "https://oddkit.klappy.dev/mcp";\n`;

/** A call shape: how the reply `doc` (the legacy `result`) is obtained for `args`. */
const SHAPES: Record<string, (tool: string, args: string) => string> = {
  "MCP callTool": (tool, args) => `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
declare const client: Client;
export async function load(input: string) {
  const res = await client.callTool({ name: "${tool}", arguments: ${args} });
  const [first] = res.content as Array<{ type: string; text: string }>;
  const doc = JSON.parse(first.text).result;
`,
  "fetch JSON-RPC": (tool, args) => `${URL_CONST}export async function load(input: string) {
  const res = await fetch(ODDKIT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "${tool}", arguments: ${args} } }),
  });
  const rpc = await res.json();
  const doc = JSON.parse(rpc.result.content[0].text).result;
`,
  "$fetch JSON-RPC": (
    tool,
    args,
  ) => `${URL_CONST}declare function $fetch<T = any>(url: string, options?: { method?: string; body?: unknown }): Promise<T>;
export async function load(input: string) {
  const rpc = await $fetch(ODDKIT, {
    method: "POST",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "${tool}", arguments: ${args} } },
  });
  const doc = JSON.parse(rpc.result.content[0].text).result;
`,
  "ky JSON-RPC": (tool, args) => `import ky from "ky";
${URL_CONST}export async function load(input: string) {
  const rpc = await ky
    .post(ODDKIT, { json: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "${tool}", arguments: ${args} } } })
    .json<any>();
  const doc = JSON.parse(rpc.result.content[0].text).result;
`,
  "axios JSON-RPC": (
    tool,
    args,
  ) => `declare const axios: { post(url: string, body: unknown): Promise<{ data: any }> };
${URL_CONST}export async function load(input: string) {
  const res = await axios.post(ODDKIT, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "${tool}", arguments: ${args} } });
  const doc = JSON.parse(res.data.result.content[0].text).result;
`,
  "got JSON-RPC": (
    tool,
    args,
  ) => `declare const got: { post(url: string, options: { json: unknown }): { json<T>(): Promise<T> } };
${URL_CONST}export async function load(input: string) {
  const rpc: any = await got.post(ODDKIT, { json: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "${tool}", arguments: ${args} } } }).json();
  const doc = JSON.parse(rpc.result.content[0].text).result;
`,
  "wrapper function": (
    tool,
    args,
  ) => `${URL_CONST}async function oddkit(name: string, args: Record<string, unknown>) {
  const res = await fetch(ODDKIT, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
export async function load(input: string) {
  const doc = await oddkit("${tool}", ${args});
`,
};

/** The wrapper method closes its class after the read, so it is a shape of its own. */
function wrapperMethod(tool: string, args: string, read: string): string {
  return `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
declare function render(value: unknown): string;
declare function writeFileSync(path: string, data: string): void;
export class Docs {
  constructor(private readonly client: Client) {}
  private async tool(name: string, args: Record<string, unknown>) {
    const res = await this.client.callTool({ name, arguments: args });
    const [first] = res.content as Array<{ type: string; text: string }>;
    return JSON.parse(first.text).result;
  }
  async load(input: string) {
    const doc = await this.tool("${tool}", ${args});
${read.replace(/^/gm, "  ")}
  }
}
`;
}

/** Ways the code reads the document's text (after `doc` holds the legacy result). */
const READS: Record<string, string> = {
  content: "  return { title: doc.title, markdown: doc.content };",
  "destructured content": '  const { title, content } = doc;\n  return [title, content].join("\\n\\n");',
  "raw-file write": '  writeFileSync("out.md", doc.content);\n  return doc.title;',
  "escape to an unknown function": "  if (doc.error) return null;\n  return render(doc);",
  "whole result returned": "  return doc;",
};

const CALLS = {
  get: { tool: "oddkit_get", args: "{ input, include_metadata: true }" },
  resolve: { tool: "oddkit_resolve", args: "{ input, include_metadata: true }" },
};

interface Case {
  readonly name: string;
  readonly file: string;
  readonly text: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  const helpers =
    "declare function render(value: unknown): string;\ndeclare function writeFileSync(path: string, data: string): void;\n";
  let n = 0;
  for (const [action, { tool, args }] of Object.entries(CALLS)) {
    for (const [readName, read] of Object.entries(READS)) {
      for (const [shapeName, shape] of Object.entries(SHAPES)) {
        out.push({
          name: `${action} · ${shapeName} · ${readName}`,
          file: `case${n++}.ts`,
          text: `${helpers}${shape(tool, args)}${read}\n}\n`,
        });
      }
      out.push({
        name: `${action} · wrapper method · ${readName}`,
        file: `case${n++}.ts`,
        text: wrapperMethod(tool, args, read),
      });
    }
  }
  return out;
}

/** Every `disclosure: [...]` literal of a text, as flag lists. */
function disclosures(text: string): string[][] {
  return [...text.matchAll(/disclosure:\s*\[([^\]]*)\]/g)].map((m) =>
    [...(m[1] ?? "").matchAll(/"([a-z]+)"/g)].map((f) => f[1] as string),
  );
}

const ALL = cases();
const outputs = { migrate: new Map<string, string>(), engine: new Map<string, string>() };

beforeAll(async () => {
  const cwd = mkdtempSync(join(tmpdir(), "oddkit-keeps-body-"));
  mkdirSync(cwd, { recursive: true });
  for (const c of ALL) writeFileSync(join(cwd, c.file), c.text);
  const run = await migrate({ paths: [cwd], cwd, dry: true, poolMode: "in-process" });
  for (const o of run.outcomes) outputs.migrate.set(o.file, o.after ?? "");
  const sources = new Map(ALL.map((c) => [join(cwd, c.file), c.text]));
  const engine = runEngine(
    cwd,
    sources,
    [...sources].map(([file, before]) => ({ file, before })),
  );
  for (const c of ALL) {
    const file = join(cwd, c.file);
    outputs.engine.set(file, engine.files.get(file)?.after ?? "");
  }
  // Keyed by case file name from here on.
  for (const map of Object.values(outputs))
    for (const [file, text] of [...map]) map.set(file.slice(cwd.length + 1), text);
}, 300_000);

describe.each(["migrate", "engine"] as const)("through %s", (how) => {
  it.each(ALL.map((c) => [c.name, c] as const))("%s keeps body", (_name, c) => {
    const after = outputs[how].get(c.file) ?? "";
    // The call is migrated (a file left as it was keeps the legacy default, which had the text)…
    expect(after, "the call was migrated").not.toBe("");
    expect(after).not.toContain("include_metadata");
    // …and whatever disclosure it now asks for carries the body.
    for (const flags of disclosures(after)) expect(flags).toContain("body");
  });
});
