/**
 * Smoke test of the installed command: the built bin (`npm run build`, which
 * `npm test` and `npm ci` run first) serves a retrieval verb end to end and
 * exits with the documented codes.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CORPUS = fileURLToPath(new URL("../fixtures/corpora/odd-frontmatter", import.meta.url));

function bin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/oddkit-sdk.js", ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("the oddkit-sdk bin", () => {
  it("answers a helper verb as JSON over the embedded server", async () => {
    const { code, stdout, stderr } = await bin(["essays-index", "--corpus", CORPUS, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { status: string; disclosure_applied: string[] };
    expect(result).toMatchObject({ status: "FOUND", disclosure_applied: ["blockquote"] });
  });

  it("exits 2 on a bad flag value", async () => {
    const { code, stderr } = await bin(["catalog", "--tier", "9", "--corpus", CORPUS]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--tier: '9' is not one of/);
  });
});
