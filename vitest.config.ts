import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * oddkit-sdk's own entries → their sources. The codemods workspace package imports the library by
 * name (as an installed copy must); in tests that name means src/, one module graph with the
 * tests' own imports (one OddkitError class, not a dist/ copy beside it). tsconfig.json `paths`
 * map the same for the typecheck.
 */
function sourceAliases(): { find: RegExp; replacement: string }[] {
  const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    if (typeof target === "string" || !target.types) return [];
    const name = subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    const source = target.types.replace(/^\.\/dist\//, "./").replace(/\.d\.ts$/, ".ts");
    return [
      {
        find: new RegExp(`^${name.replace(/[/.-]/g, "\\$&")}$`),
        replacement: fileURLToPath(new URL(source, import.meta.url)),
      },
    ];
  });
}

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    include: ["test/**/*.test.ts", "codemods/**/*.test.ts"],
    // The corpora hold consumers' own test files: inputs to migrate, not this project's tests.
    exclude: [...configDefaults.exclude, "codemods/__realworld__/**", "codemods/__testfixtures__/**"],
    // Hang guards only, never a verdict: no test may fail because the machine is busy (a typecheck
    // or a child process can take minutes beside a CPU-bound neighbour). Tests wait on events and
    // progress, not on elapsed time; these only stop a test that would never end.
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
    pool: "forks",
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
