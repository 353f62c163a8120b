/**
 * docs/testing.md shows the example files verbatim, and the example test
 * passes when run as a user would run it (its own vitest config, which maps
 * `oddkit-sdk` and `oddkit-sdk/testing` to the package source).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");

describe("docs/testing.md", () => {
  it.each(["examples/testing/essay-links.ts", "examples/testing/essay-links.test.ts"])(
    "shows %s exactly",
    (file) => {
      expect(read("docs/testing.md")).toContain(`\`\`\`ts\n${read(file)}\`\`\``);
    },
  );

  it("its example typechecks against the package source", async () => {
    const tsc = promisify(execFile)(
      process.execPath,
      [`${ROOT}node_modules/typescript/bin/tsc`, "-p", "examples/testing/tsconfig.json"],
      {
        cwd: ROOT,
      },
    );
    await expect(tsc).resolves.toBeDefined();
  });

  it("its example test passes", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [`${ROOT}node_modules/vitest/vitest.mjs`, "run", "--config", "examples/testing/vitest.config.ts"],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    expect(stdout).toMatch(/Tests\s+2 passed \(2\)/);
  });
});
