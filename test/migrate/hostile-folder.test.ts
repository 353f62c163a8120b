/**
 * `migrate --json` on a hostile folder, run as an unprivileged user (as root, the
 * run drops to `nobody` through `setpriv`; skipped only where no such user can be
 * had): symlink loops, a 20 MB plain `.js`, a binary `.ts`, a file with a syntax
 * error, a read-only legacy file, `node_modules/` and `dist/`, and one ordinary
 * legacy file. Every file that can be handled is; each one that cannot is listed
 * in `failures` or `skipped` with its reason; the summary is always printed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/doc-examples.js";

const CLI = join(ROOT, "bin/oddkit-sdk.js");

const LEGACY = `import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
export async function titles(client: Client, q: string) {
  const res = await client.callTool({ name: "oddkit_search", arguments: { input: q } });
  const data = JSON.parse((res.content as { text: string }[])[0].text);
  return data.result.hits.map((h: { title: string }) => h.title);
}
`;

/** How to run a command as an unprivileged user here, or why it cannot be done. */
function unprivileged(): { prefix: string[]; owner: string | null } | { skip: string } {
  if (process.getuid?.() !== 0) return { prefix: [], owner: null };
  const probe = spawnSync(
    "setpriv",
    [
      "--reuid=nobody",
      "--regid=nogroup",
      "--clear-groups",
      process.execPath,
      "-e",
      `require("fs").accessSync(${JSON.stringify(CLI)})`,
    ],
    { encoding: "utf8" },
  );
  if (probe.error || probe.status !== 0)
    return { skip: `cannot run as nobody here: ${probe.error?.message ?? probe.stderr.trim()}` };
  return {
    prefix: ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"],
    owner: "nobody:nogroup",
  };
}

function hostileFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-hostile-"));
  for (const sub of ["loop", "src", "node_modules/pkg", "dist"])
    mkdirSync(join(dir, sub), { recursive: true });
  symlinkSync("../loop", join(dir, "loop/self"));
  symlinkSync(dir, join(dir, "loop/up"));
  writeFileSync(join(dir, "big.js"), `// oddkit_search\n${"var x = 1;\n".repeat(2_000_000)}`);
  writeFileSync(join(dir, "src/binary.ts"), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)));
  writeFileSync(
    join(dir, "src/syntax.ts"),
    'const x = await client.callTool({ name: "oddkit_search", arguments: { input: "a" } ;\n',
  );
  writeFileSync(join(dir, "src/legacy.ts"), LEGACY);
  writeFileSync(join(dir, "src/readonly.ts"), LEGACY);
  writeFileSync(join(dir, "node_modules/pkg/index.ts"), LEGACY);
  writeFileSync(join(dir, "dist/index.ts"), LEGACY);
  chmodSync(join(dir, "src/readonly.ts"), 0o444);
  return dir;
}

const how = unprivileged();
const folder = hostileFolder();
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf("skip" in how)(
  `migrate on a hostile folder as an unprivileged user${"skip" in how ? ` (${how.skip})` : ""}`,
  () => {
    const run = () => {
      if ("skip" in how) throw new Error(how.skip);
      if (how.owner) execFileSync("chown", ["-R", "-h", how.owner, folder]);
      const [command, ...args] = [...how.prefix, process.execPath, CLI, "migrate", folder, "--json"];
      return spawnSync(command as string, args, {
        cwd: folder,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    };
    type Summary = {
      changedFiles: string[];
      failures: { file: string; transform: string; message: string }[];
      skipped: { file: string; reason: string }[];
      exitCode: number;
    };
    let result: ReturnType<typeof run>;
    let summary: Summary | null = null;
    beforeAll(() => {
      result = run();
      summary = JSON.parse(result.stdout || "null") as Summary | null;
    });

    it("prints the summary and exits 1 (some files failed), without an untyped crash", () => {
      expect(result.stderr).not.toMatch(/Cannot read properties|TypeError/);
      expect(summary, result.stderr).not.toBeNull();
      expect(result.status).toBe(1);
      expect(summary?.exitCode).toBe(1);
    });

    it("migrates the ordinary legacy file", () => {
      expect(summary?.changedFiles).toEqual(["src/legacy.ts"]);
      const after = readFileSync(join(folder, "src/legacy.ts"), "utf8");
      expect(after).not.toBe(LEGACY);
      expect(after).not.toContain(".hits");
    });

    it("reports the read-only file as a write failure naming EACCES, and leaves it as it was", () => {
      const failure = summary?.failures.find((f) => f.file === "src/readonly.ts");
      expect(failure?.transform).toBe("write");
      expect(failure?.message).toMatch(/EACCES: read-only/);
      expect(readFileSync(join(folder, "src/readonly.ts"), "utf8")).toBe(LEGACY);
    });

    it("reports the file with a syntax error as a failure", () => {
      expect(summary?.failures.map((f) => f.file)).toContain("src/syntax.ts");
    });

    it("lists the oversized file, the binary file and the links in skipped, each with its reason", () => {
      const reasons = new Map(summary?.skipped.map((s) => [s.file, s.reason]));
      expect(reasons.get("big.js")).toMatch(/over the \d+-byte limit/);
      expect(reasons.get("src/binary.ts")).toMatch(/not valid UTF-8/);
      expect(reasons.get("loop/self")).toMatch(/symbolic link/);
      expect(reasons.get("loop/up")).toMatch(/symbolic link/);
    });

    it("never touches node_modules/ or dist/", () => {
      expect(readFileSync(join(folder, "node_modules/pkg/index.ts"), "utf8")).toBe(LEGACY);
      expect(readFileSync(join(folder, "dist/index.ts"), "utf8")).toBe(LEGACY);
    });
  },
);
