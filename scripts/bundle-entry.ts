/**
 * Bundles the client entry (`src/index.ts`) the way an edge runtime or a
 * browser build would, and reports every Node built-in it reaches. Used by
 * the runtime test (fails on any) and by bench/bundle-size.ts (size).
 */
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type OutputFile, type Plugin } from "esbuild";

export const CLIENT_ENTRY = fileURLToPath(new URL("../src/index.ts", import.meta.url));

const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith("_")));

export interface NodeImport {
  readonly specifier: string;
  readonly importer: string;
}

export interface EntryBundle {
  /** Node built-ins the bundle would need: must be empty for edge runtimes. */
  readonly nodeImports: NodeImport[];
  readonly outputFiles: OutputFile[];
  readonly metafile: Metafile;
}

/**
 * `node:x` always counts; a bare built-in name (`fs`, `crypto`) counts unless
 * the importing package maps it away for browsers (the `browser` field),
 * which is how isomorphic packages opt out.
 */
function nodeBuiltinGuard(found: NodeImport[]): Plugin {
  return {
    name: "node-builtin-guard",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === "guarded") return undefined;
        const bare = args.path.startsWith("node:") ? null : args.path.split("/")[0];
        if (args.path.startsWith("node:") || (bare && BUILTINS.has(bare))) {
          if (bare) {
            const mapped = await b.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: "guarded",
            });
            if (mapped.errors.length === 0 && !BUILTINS.has(mapped.path)) return mapped;
          }
          found.push({ specifier: args.path, importer: args.importer });
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
}

export async function bundleEntry(
  options: {
    entry?: string;
    platform?: "browser" | "workerd" | "deno";
    minify?: boolean;
    splitting?: boolean;
  } = {},
): Promise<EntryBundle> {
  const nodeImports: NodeImport[] = [];
  const platform = options.platform ?? "browser";
  const result = await build({
    entryPoints: [options.entry ?? CLIENT_ENTRY],
    bundle: true,
    write: false,
    format: "esm",
    // workerd and deno: the neutral platform with the conditions wrangler and Deno resolve packages with.
    platform: platform === "browser" ? "browser" : "neutral",
    target: "es2022",
    minify: options.minify ?? true,
    splitting: options.splitting ?? false,
    outdir: "/virtual-out",
    metafile: true,
    logLevel: "silent",
    ...(platform === "workerd"
      ? {
          mainFields: ["browser", "module", "main"],
          conditions: ["workerd", "worker", "browser", "import", "default"],
        }
      : platform === "deno"
        ? { mainFields: ["module", "main"], conditions: ["deno", "node", "import", "default"] }
        : {}),
    plugins: [nodeBuiltinGuard(nodeImports)],
  });
  return { nodeImports, outputFiles: result.outputFiles, metafile: result.metafile };
}
