/**
 * `oddkit-sdk migrate` as a user gets it: both packages packed as npm would
 * publish them, installed into an empty project (`npm i oddkit-sdk` then
 * `npm i -D @oddkit-sdk/codemod`, the command migrate prints), and migrate run
 * from the library's bin: it delegates to the installed codemod package, which
 * reaches the installed library by package name. Figures printed: what the
 * codemod package adds to the install.
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addCodemodPackage,
  type Installed,
  installIntoEmptyProject,
  mb,
} from "../../scripts/pack-install.js";
import { CODEMOD_PACKAGE } from "../../src/cli/registry.js";

const run = promisify(execFile);

let installed: Installed;
let withCodemod: Awaited<ReturnType<typeof addCodemodPackage>>;

beforeAll(async () => {
  installed = await installIntoEmptyProject();
  withCodemod = await addCodemodPackage(installed);
}, 600_000);

afterAll(async () => {
  if (installed) await rm(installed.project, { recursive: true, force: true });
});

describe("npm i -D @oddkit-sdk/codemod beside oddkit-sdk", () => {
  it("oddkit-sdk migrate runs the installed codemod package on the user's files", async () => {
    const after = withCodemod;
    console.log(
      `codemod install: oddkit-sdk alone ${installed.packages.length} packages, ${mb(installed.bytes)}; with ${CODEMOD_PACKAGE} ${after.packages.length} packages, ${mb(after.bytes)}`,
    );
    expect(after.packages).toContain(CODEMOD_PACKAGE);
    expect(after.packages).toContain("jscodeshift");

    const src = join(installed.project, "src");
    await mkdir(src, { recursive: true });
    const file = join(src, "docs.ts");
    await writeFile(
      file,
      'export async function docs(client: { callTool(a: unknown): Promise<unknown> }) {\n  return client.callTool({ name: "oddkit_search", arguments: { query: "edge cache" } });\n}\n',
    );
    const bin = join(installed.project, "node_modules/oddkit-sdk/bin/oddkit-sdk.js");
    const { stdout } = await run(process.execPath, [bin, "migrate", "--json", "src"], {
      cwd: installed.project,
    });
    const summary = JSON.parse(stdout) as { schemaVersion: number; files: { changed: number } };
    expect(summary.schemaVersion).toBe(1);
    expect(summary.files.changed).toBe(1);
    // The legacy search's implicit page size, stated: read from the installed library (oddkit-sdk/shim).
    expect(await readFile(file, "utf8")).toContain("limit: 5,");
  }, 300_000);

  it("ships the MIT LICENSE its manifest names", async () => {
    const pkg = join(installed.project, "node_modules", CODEMOD_PACKAGE);
    const manifest = JSON.parse(await readFile(join(pkg, "package.json"), "utf8")) as { license?: string };
    expect(manifest.license).toBe("MIT");
    expect(await readFile(join(pkg, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
  });
});
