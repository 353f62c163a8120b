/**
 * The migrate pool forks its compiled worker with the parent's node options
 * less the code the parent loads or runs: a TypeScript loader the parent was
 * started with (tsx: `--require …preflight.cjs --import …loader.mjs`) would
 * otherwise load into every worker, and the parent's own `-e` script would run
 * in every worker instead of the worker (fork drops it only from its default
 * execArgv), its `--input-type` making node refuse the worker's ES module.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { workerExecArgv } from "../../codemods/migrate/pool.js";

/** The compiled pool (the child process runs plain node, no TypeScript loader). */
const POOL = resolve(import.meta.dirname, "../../codemods/dist/migrate/pool.js");

describe("workerExecArgv", () => {
  it("drops preloads, module hooks and the parent's script, with their values", () => {
    expect(
      workerExecArgv([
        "--require",
        "/x/tsx/dist/preflight.cjs",
        "--import",
        "file:///x/tsx/dist/loader.mjs",
        "--max-old-space-size=4096",
        "--import=./hooks.mjs",
        "-r",
        "dotenv/config",
        "--conditions",
        "development",
        "--experimental-loader",
        "ts-node/esm",
        "--loader=ts-node/esm",
        "--input-type=module",
        "-e",
        "console.log(1)",
        "--enable-source-maps",
      ]),
    ).toEqual(["--max-old-space-size=4096", "--conditions", "development", "--enable-source-maps"]);
    expect(workerExecArgv(["--input-type", "commonjs", "-p", "1", "--no-warnings"])).toEqual([
      "--no-warnings",
    ]);
  });

  it("keeps every other option, in order", () => {
    const plain = fc.constantFrom(
      "--max-old-space-size=2048",
      "--max-semi-space-size=32",
      "--enable-source-maps",
      "--no-warnings",
      "--stack-size=2000",
      "--expose-gc",
    );
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 8 }), (args) => {
        expect(workerExecArgv(args)).toEqual(args);
      }),
    );
  });

  it("a parent run with -e forks a worker that runs the worker's module, not the parent's script", async () => {
    const dir = await mkdtemp(join(tmpdir(), "oddkit-exec-argv-"));
    try {
      // An ES module, as the worker is: with the parent's --input-type, node refuses to start it.
      const child = join(dir, "child.mjs");
      await writeFile(child, "console.log('child');\n");
      // Without the rule the child gets `-e <this script>` and prints "parent" again (forking itself, without end).
      const script = [
        `import { fork } from "node:child_process";`,
        `import { workerExecArgv } from ${JSON.stringify(pathToFileURL(POOL).href)};`,
        `if (process.env.ODDKIT_EXEC_ARGV_CHILD) { console.log("parent again"); process.exit(0); }`,
        `console.log("parent");`,
        `fork(${JSON.stringify(child)}, [], { execArgv: workerExecArgv(), env: { ...process.env, ODDKIT_EXEC_ARGV_CHILD: "1" } });`,
      ].join("\n");
      const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      expect(out.trim().split("\n")).toEqual(["parent", "child"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
