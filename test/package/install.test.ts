/**
 * A client install is light: the packed tarball installed into an empty
 * project carries no codemod toolchain, compiler, bundler or tokenizer, and
 * the documented Cloudflare Worker bundled against it holds no tokenizer.
 * Figures are printed (bench/install.ts prints the same, README states them).
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleWorker,
  HEAVY_PACKAGES,
  type Installed,
  installedManifest,
  installIntoEmptyProject,
  kb,
  mb,
} from "../../scripts/pack-install.js";
import { CODEMOD_INSTALL_COMMAND } from "../../src/cli/registry.js";

const run = promisify(execFile);

/** Budgets with headroom over what the install measures today (see README); the old install was 220 packages, 98 MB. */
const MAX_PACKAGES = 120;
const MAX_BYTES = 40 * 1024 * 1024;

let installed: Installed;

beforeAll(async () => {
  installed = await installIntoEmptyProject();
}, 300_000);

afterAll(async () => {
  if (installed) await rm(installed.project, { recursive: true, force: true });
});

describe("npm i oddkit-sdk into an empty project", () => {
  it("installs no codemod toolchain, compiler, bundler or tokenizer, within the package and size budget", async () => {
    console.log(
      `install: ${installed.packages.length} packages, ${mb(installed.bytes)} (tarball ${kb(installed.tarballBytes)})`,
    );
    for (const heavy of HEAVY_PACKAGES) expect(installed.packages, heavy).not.toContain(heavy);
    expect(installed.packages).toContain("oddkit-sdk");
    expect(installed.packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(installed.bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("declares the heavy tools as optional peers, so asking for them is one install away", async () => {
    const manifest = await installedManifest(installed.project);
    const peers = manifest.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    for (const name of ["gpt-tokenizer", "jscodeshift", "ts-morph", "tsx"])
      expect(peers[name]?.optional, name).toBe(true);
    expect(Object.keys(manifest.dependencies as object)).not.toContain("gpt-tokenizer");
  });

  it("the installed CLI answers --version, and migrate names the one command that installs its toolchain", async () => {
    const bin = join(installed.project, "node_modules/oddkit-sdk/bin/oddkit-sdk.js");
    const version = await run(process.execPath, [bin, "--version"], { cwd: installed.project });
    expect(version.stdout.trim()).toBe((await installedManifest(installed.project)).version);
    const migrate = await run(process.execPath, [bin, "migrate", "--dry"], { cwd: installed.project }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(migrate?.code).toBe(1);
    expect(migrate?.stderr).toContain(CODEMOD_INSTALL_COMMAND);
  }, 60_000);

  it("the documented Cloudflare Worker bundles without the tokenizer", async () => {
    const worker = await bundleWorker(installed.project);
    console.log(`Worker: ${kb(worker.minifiedBytes)} minified, ${kb(worker.gzippedBytes)} gzipped`);
    expect(worker.packages).toContain("oddkit-sdk");
    expect(worker.packages).not.toContain("gpt-tokenizer");
    // The encoding's name appears only in the tokenizer's own modules.
    expect(worker.text.includes("cl100k_base")).toBe(false);
  }, 120_000);
});
