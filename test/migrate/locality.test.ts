/**
 * Locality: a file migrates the same way wherever it sits. Every file of the
 * real-world corpus and of the transform fixtures (plus three shapes first
 * seen in a consumer folder: a Nuxt-style route sending a get through
 * `$fetch`, a wrapper-method get, and a CLI with its own `oddkit(name, args)`
 * wrapper) is migrated alone and inside the whole set; the outputs must be
 * byte-identical. A file that imports (or is imported by) another file of the
 * set is migrated with its import component instead, and the failure names
 * the component. It runs with no decision and with the recommended ones (a decided rewrite adds
 * functions to a file: two scripts, whose top-level names would be shared globals, hold that).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { mentionsOddkit } from "../../codemods/lib/shapes.js";
import { type DecisionChoices, parseDecide } from "../../codemods/migrate/decisions.js";
import { BundlerAliases } from "../../codemods/migrate/detect/bundler-alias.js";
import { migrate } from "../../codemods/migrate/run.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE = /\.(c|m)?(j|t)sx?$/;

/** A script reading get's path and content: under the decisions its rewrite adds `oddkitPathOfUri`. */
function script(name: string): string {
  return `const ${name}Url = "https://oddkit.klappy.dev/mcp";
async function ${name}Tool(tool: string, args: object): Promise<any> {
  const res = await fetch(${name}Url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }) });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
async function ${name}(uri: string) {
  const doc = await ${name}Tool("oddkit_get", { input: uri });
  return { source: doc.path, markdown: doc.content };
}
`;
}

const EXTRA: Record<string, string> = {
  "nuxt-app/server/api/docs/[...slug].get.ts": `declare function defineEventHandler<T>(handler: (event: { path: string }) => T | Promise<T>): unknown;
declare function getRouterParam(event: { path: string }, name: string): string | undefined;
declare function createError(input: { statusCode: number; statusMessage?: string }): Error;
declare function $fetch<T = any>(url: string, options?: { method?: string; body?: unknown }): Promise<T>;

const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

export default defineEventHandler(async (event) => {
  const slug = getRouterParam(event, "slug") ?? "";
  const rpc = await $fetch<{ result: { content: { text: string }[] } }>(ODDKIT_URL, {
    method: "POST",
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_get", arguments: { input: \`klappy://\${slug}\`, include_metadata: true } },
    },
  });
  const doc = JSON.parse(rpc.result.content[0].text).result;
  if (doc.error) throw createError({ statusCode: 404, statusMessage: doc.error });
  return { title: doc.title, markdown: doc.content };
});
`,
  "nuxt-app/server/utils/oddkit-tools.ts": `import { Client } from "@modelcontextprotocol/sdk/client/index.js";

export class OddkitTools {
  constructor(private readonly client: Client) {}

  private async tool(name: string, args: Record<string, unknown>) {
    const res = await this.client.callTool({ name, arguments: args });
    const [first] = res.content as Array<{ type: string; text: string }>;
    return JSON.parse(first.text).result;
  }

  async page(input: string): Promise<{ title: string; markdown: string }> {
    const doc = await this.tool("oddkit_get", { input, include_metadata: true });
    return { title: doc.title, markdown: doc.content };
  }
}
`,
  // Two scripts (no import or export) whose decided rewrites each add the same path helper.
  "scripts/page-source.ts": script("pageSource"),
  "scripts/page-link.ts": script("pageLink"),
  "docs-cli/src/cli.ts": `const ENDPOINT = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

async function oddkit(name: string, args: Record<string, unknown>) {
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "get") {
    const doc = await oddkit("oddkit_get", { input: rest[0] });
    if (doc.error) process.exit(1);
    console.log(doc.content);
  } else {
    const { hits } = await oddkit("oddkit_search", { input: rest.join(" "), limit: 5 });
    for (const hit of hits) console.log(hit.uri, hit.title);
  }
}

main();
`,
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const IMPORT =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
const RESOLVE = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

const aliases = new BundlerAliases();

/**
 * The files of the set `file` imports: relative specifiers, and those a bundler alias resolves
 * (`@/lib/oddkit` through a vite.config, as the engine resolves them); nothing else is in the set.
 */
function importsOf(file: string, text: string, known: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const written = m[1] ?? m[2] ?? m[3] ?? "";
    const spec = written.startsWith(".") ? written : aliases.substitute(written, file);
    if (spec === null) continue;
    const base = spec.startsWith(".") ? posix.join(posix.dirname(file), spec) : spec;
    const stem = base.replace(/\.(c|m)?(j|t)sx?$/, "");
    const hit = [...RESOLVE.map((e) => base + e), ...RESOLVE.map((e) => stem + e)].find((t) => known.has(t));
    if (hit) found.push(hit);
  }
  return found;
}

/** Import components (imports taken both ways), each a sorted list of files. */
function components(files: readonly string[]): string[][] {
  const known = new Set(files);
  const parent = new Map(files.map((f) => [f, f]));
  const find = (f: string): string => {
    const p = parent.get(f) as string;
    if (p === f) return f;
    const root = find(p);
    parent.set(f, root);
    return root;
  };
  for (const f of files)
    for (const target of importsOf(f, readFileSync(f, "utf8"), known)) parent.set(find(f), find(target));
  const groups = new Map<string, string[]>();
  for (const f of files) groups.set(find(f), [...(groups.get(find(f)) ?? []), f]);
  return [...groups.values()].map((g) => g.sort());
}

let root: string;
let groups: string[][];
/** The whole set's outputs, with no decision and with the recommended ones. */
const whole = new Map<string, Map<string, string>>();
const RUNS: Record<string, DecisionChoices> = {
  "no decision": {},
  "--decide recommended": parseDecide("recommended"),
};

async function outputs(paths: readonly string[], decisions: DecisionChoices): Promise<Map<string, string>> {
  const run = await migrate({ paths, cwd: root, dry: true, poolMode: "in-process", decisions });
  return new Map(run.outcomes.map((o) => [o.file, o.after ?? readFileSync(o.file, "utf8")]));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "oddkit-locality-"));
  cpSync(join(ROOT, "codemods/__realworld__"), join(root, "realworld"), { recursive: true });
  cpSync(join(ROOT, "codemods/__testfixtures__"), join(root, "fixtures"), { recursive: true });
  for (const [file, text] of Object.entries(EXTRA)) {
    mkdirSync(dirname(join(root, "extra", file)), { recursive: true });
    writeFileSync(join(root, "extra", file), text);
  }
  const files = walk(root).filter((f) => SOURCE.test(f) && !f.endsWith(".d.ts"));
  groups = components(files);
  for (const [name, decisions] of Object.entries(RUNS)) whole.set(name, await outputs([root], decisions));
}, 600_000);

describe("locality", () => {
  it("holds the corpus, the fixtures and the consumer-folder shapes", () => {
    const all = whole.get("no decision") as Map<string, string>;
    expect(all.size).toBeGreaterThan(90);
    for (const file of Object.keys(EXTRA)) expect(all.has(join(root, "extra", file))).toBe(true);
  });

  it.each(Object.keys(RUNS))(
    "every file migrates alone (or with its import component) as it does inside the whole set (%s)",
    async (name) => {
      const inWhole = whole.get(name) as Map<string, string>;
      const differ: string[] = [];
      for (const group of groups) {
        const text = group.map((f) => readFileSync(f, "utf8"));
        if (!text.some(mentionsOddkit)) {
          // A file that names no oddkit is never edited, alone or not.
          for (const [i, f] of group.entries())
            if (inWhole.get(f) !== text[i]) differ.push(relative(root, f));
          continue;
        }
        const alone = await outputs(group, RUNS[name] as DecisionChoices);
        for (const f of group) {
          if (alone.get(f) === inWhole.get(f)) continue;
          const with_ =
            group.length > 1
              ? ` (with its import component: ${group.map((g) => relative(root, g)).join(", ")})`
              : "";
          differ.push(`${relative(root, f)}${with_}`);
        }
      }
      expect(differ).toEqual([]);
    },
    900_000,
  );
});
