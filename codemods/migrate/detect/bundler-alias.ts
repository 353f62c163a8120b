/**
 * Import aliases a bundler declares and no tsconfig.json does: a Vite app's
 * `@` → `./src` (what Lovable and shadcn generate) lives in `vite.config.*`
 * only. Without it, `import { callOddkit } from "@/lib/oddkit"` resolves to
 * nothing, the wrapper's callers are never found, and the wrapper is left
 * flagged with its callers' legacy reads untouched. The analysis project
 * resolves a module the compiler cannot through the nearest bundler config's
 * aliases (read by pattern, never executed); the compiler's own resolution
 * (tsconfig `paths` included) always comes first.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ts } from "ts-morph";

const CONFIG_NAMES = [
  "vite.config.ts",
  "vite.config.mts",
  "vite.config.js",
  "vite.config.mjs",
  "vite.config.cjs",
  "vitest.config.ts",
];

/** One alias: the import prefix (`@`, `~`, `@components`) and the folder it stands for. */
export interface BundlerAlias {
  readonly find: string;
  readonly dir: string;
}

const TARGET =
  // path.resolve(__dirname, "./src"), resolve(__dirname, 'src'), path.join(__dirname, "src")
  String.raw`(?:path\.)?(?:resolve|join)\(\s*__dirname\s*,\s*(["'\x60])([^"'\x60]+)\3\s*\)` +
  // fileURLToPath(new URL("./src", import.meta.url))
  String.raw`|fileURLToPath\(\s*new URL\(\s*(["'\x60])([^"'\x60]+)\5\s*,\s*import\.meta\.url\s*\)\s*\)` +
  // a plain string: "/src" or "./src"
  String.raw`|(["'\x60])(\.{0,2}\/[^"'\x60]*)\7`;

/** `"@": target` / `'~': target` / `find: "@", replacement: target` in a config's text. */
const OBJECT_ENTRY = new RegExp(String.raw`(["'\x60]?)([@~][\w/-]*)\1\s*:\s*(?:${TARGET})`, "g");
const FIND_ENTRY = new RegExp(
  String.raw`find\s*:\s*(["'\x60])([@~][\w/-]*)\1\s*,\s*replacement\s*:\s*(?:${TARGET})`,
  "g",
);

/** The aliases a bundler config declares (its text read, not run), targets made absolute. */
export function aliasesOfConfig(configFile: string, text: string): BundlerAlias[] {
  const root = dirname(configFile);
  const out: BundlerAlias[] = [];
  for (const [pattern, offset] of [
    [OBJECT_ENTRY, 2],
    [FIND_ENTRY, 2],
  ] as const) {
    for (const m of text.matchAll(pattern)) {
      const find = m[offset] as string;
      const target = m[offset + 2] ?? m[offset + 4] ?? m[offset + 6];
      if (!target) continue;
      // A root-relative "/src" is the project's src folder, as the bundler reads it.
      const dir = resolve(root, target.replace(/^\/+/, ""));
      if (!out.some((a) => a.find === find)) out.push({ find, dir });
    }
  }
  return out;
}

/** Aliases per folder: those of the nearest bundler config at or above it (cached per folder). */
export class BundlerAliases {
  private readonly byDir = new Map<string, readonly BundlerAlias[]>();

  of(dir: string): readonly BundlerAlias[] {
    const known = this.byDir.get(dir);
    if (known) return known;
    let found: readonly BundlerAlias[] = [];
    const config = CONFIG_NAMES.map((name) => join(dir, name)).find((file) => existsSync(file));
    if (config) {
      try {
        found = aliasesOfConfig(config, readFileSync(config, "utf8"));
      } catch {
        found = [];
      }
    } else {
      const parent = dirname(dir);
      if (parent !== dir && !existsSync(join(dir, "package.json"))) found = this.of(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }

  /** `specifier` rewritten through the aliases seen from `containingFile`, or null when none applies. */
  substitute(specifier: string, containingFile: string): string | null {
    for (const alias of this.of(dirname(containingFile))) {
      if (specifier === alias.find) return alias.dir;
      if (specifier.startsWith(`${alias.find}/`))
        return join(alias.dir, specifier.slice(alias.find.length + 1));
    }
    return null;
  }
}

/**
 * A ts-morph resolution host: the compiler's resolution, then (for a module it leaves unresolved) the
 * same resolution of the specifier as the nearest bundler config's alias rewrites it.
 */
export function bundlerAliasResolutionHost(
  host: ts.ModuleResolutionHost,
  getCompilerOptions: () => ts.CompilerOptions,
) {
  const aliases = new BundlerAliases();
  return {
    resolveModuleNames(moduleNames: string[], containingFile: string): (ts.ResolvedModule | undefined)[] {
      const options = getCompilerOptions();
      return moduleNames.map((name) => {
        const resolved = ts.resolveModuleName(name, containingFile, options, host).resolvedModule;
        if (resolved) return resolved;
        const substituted = aliases.substitute(name, containingFile);
        if (substituted === null) return undefined;
        return ts.resolveModuleName(substituted, containingFile, options, host).resolvedModule;
      });
    },
  };
}
