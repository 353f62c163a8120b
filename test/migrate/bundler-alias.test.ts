/**
 * A bundler's import alias that no tsconfig.json declares (a Vite app's `@` → `./src`) resolves in the
 * analysis project, so a wrapper imported as `@/lib/oddkit` has its callers found.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { aliasesOfConfig, BundlerAliases } from "../../codemods/migrate/detect/bundler-alias.js";
import { createAnalysisProject } from "../../codemods/migrate/detect/project.js";

describe("bundler aliases", () => {
  it("reads the alias forms Vite configs use", () => {
    const text = `export default defineConfig({ resolve: { alias: {
      "@": path.resolve(__dirname, "./src"),
      "~lib": fileURLToPath(new URL("./lib", import.meta.url)),
    } } });
    const other = { resolve: { alias: [{ find: "@ui", replacement: path.resolve(__dirname, "packages/ui") }] } };`;
    expect(aliasesOfConfig("/app/vite.config.ts", text)).toEqual([
      { find: "@", dir: "/app/src" },
      { find: "~lib", dir: "/app/lib" },
      { find: "@ui", dir: "/app/packages/ui" },
    ]);
  });

  it("resolves @/… through the nearest vite.config, and nothing without one", () => {
    const root = mkdtempSync(join(tmpdir(), "oddkit-alias-"));
    mkdirSync(join(root, "app/src/lib"), { recursive: true });
    mkdirSync(join(root, "other"), { recursive: true });
    writeFileSync(
      join(root, "app/vite.config.ts"),
      `export default { resolve: { alias: { "@": path.resolve(__dirname, "./src") } } };`,
    );
    writeFileSync(join(root, "app/src/lib/oddkit.ts"), "export const oddkit = 1;\n");
    const aliases = new BundlerAliases();
    expect(aliases.substitute("@/lib/oddkit", join(root, "app/src/hooks/use.ts"))).toBe(
      join(root, "app/src/lib/oddkit"),
    );
    expect(aliases.substitute("@/lib/oddkit", join(root, "other/use.ts"))).toBeNull();

    const project = createAnalysisProject(null);
    const file = project.createSourceFile(
      join(root, "app/src/hooks/use.ts"),
      `import { oddkit } from "@/lib/oddkit";\nexport const x = oddkit;\n`,
    );
    expect(file.getImportDeclarations()[0]?.getModuleSpecifierSourceFile()?.getFilePath()).toBe(
      join(root, "app/src/lib/oddkit.ts"),
    );
  });
});
