/**
 * The generated API reference (TypeDoc, `npm run docs`) builds without a
 * warning, and the main entry is documented: every symbol `oddkit-sdk`
 * exports has a doc comment, every exported function and class an
 * `@example`, and every example compiles against the sources as written
 * (test/docs/main-entry-docs.ts). No allowlist: a new export without its
 * comment or example fails here.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/doc-examples.js";
import { compileExamples, mainEntryExports } from "./main-entry-docs.js";

const run = promisify(execFile);
const exported = mainEntryExports();

const out = await mkdtemp(join(tmpdir(), "oddkit-typedoc-"));
afterAll(() => rm(out, { recursive: true, force: true }));

describe("API reference of the main entry", () => {
  it("every exported symbol has a doc comment", () => {
    const examples = exported.reduce((n, e) => n + e.examples.length, 0);
    console.log(
      `api docs: ${exported.length} exports, ${exported.filter((e) => e.callable).length} functions/classes, ${examples} examples`,
    );
    expect(exported.length).toBeGreaterThan(30);
    expect(
      exported.filter((e) => !e.hasComment).map((e) => `${e.name} (${e.file})`),
      "exports without a doc comment",
    ).toEqual([]);
  });

  it("every exported function and class has an @example with a ts block", () => {
    expect(exported.filter((e) => e.callable).length).toBeGreaterThan(15);
    expect(
      exported.filter((e) => e.callable && e.examples.length === 0).map((e) => `${e.name} (${e.file})`),
      "functions/classes without an @example ```ts block",
    ).toEqual([]);
  });

  it("every @example imports what it uses from the package and compiles as written", () => {
    const examples = exported.flatMap((e) =>
      e.examples.map((code, i) => ({ name: `${e.name} example ${i + 1} (${e.file})`, code })),
    );
    for (const { name, code } of examples) expect(code, name).toMatch(/from "oddkit-sdk(\/[a-z-]+)?";/);
    const diagnostics = compileExamples(examples);
    expect(diagnostics.map((d) => `${d.example}: ${d.message}`).join("\n")).toBe("");
  });

  it("the example compiler catches an example that drifts from the API", () => {
    const diagnostics = compileExamples([
      {
        name: "good",
        code: 'import { createOddkitClient } from "oddkit-sdk";\nconst c = createOddkitClient({ url: "https://host/mcp" });\nawait c.close();\n',
      },
      {
        name: "renamed option",
        code: 'import { createOddkitClient } from "oddkit-sdk";\ncreateOddkitClient({ endpoint: "https://host/mcp" });\n',
      },
      { name: "no import", code: "await getEssaysIndex(client);\n" },
      {
        name: "undisclosed field",
        code: 'import { createOddkitClient } from "oddkit-sdk";\nconst page = await createOddkitClient({ url: "u" }).catalog({ disclosure: ["blockquote"] });\npage.data[0]?.metadata;\n',
      },
    ]);
    expect(new Set(diagnostics.map((d) => d.example))).toEqual(
      new Set(["renamed option", "no import", "undisclosed field"]),
    );
  });

  // GIT_DIR points git at an empty repository with no remote, as a fork, a
  // tarball or a mirror without `origin` would be: the build must not depend on
  // the checkout's remotes (typedoc.json builds source links from a template).
  it("TypeDoc builds the reference without a warning, also where git has no remote", async () => {
    const noRemote = join(out, "no-remote.git");
    await run("git", ["init", "--bare", "--quiet", noRemote]);
    const result = await run(join(ROOT, "node_modules/.bin/typedoc"), ["--out", join(out, "api")], {
      cwd: ROOT,
      env: { ...process.env, GIT_DIR: noRemote },
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
      }),
    );
    expect(result.output).not.toMatch(/\[warning\]|\[error\]/);
    expect(result.code, result.output).toBe(0);
  });
});
