import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "codemods/**/*.test.ts"],
    // Hang guards only, never a verdict: no test may fail because the machine is busy (a typecheck
    // or a child process can take minutes beside a CPU-bound neighbour). Tests wait on events and
    // progress, not on elapsed time; these only stop a test that would never end.
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
    pool: "forks",
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
