// Runs the testing example against the package source (test/testing/docs-example.test.ts runs it).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: {
    alias: [
      { find: /^oddkit-sdk\/testing$/, replacement: src("testing/index.ts") },
      { find: /^oddkit-sdk$/, replacement: src("index.ts") },
    ],
  },
  test: { include: ["*.test.ts"], pool: "forks" },
});
