/**
 * What `npm i oddkit-sdk` installs for a client, and what the documented
 * Cloudflare Worker ships: pack this repository, install the tarball into an
 * empty project, count packages and bytes, then bundle the Worker against
 * that install (esbuild, workerd conditions, minified, gzip level 9); last,
 * what `npm i -D @oddkit-sdk/codemod` adds beside it.
 *
 *   npm run build && npx tsx bench/install.ts
 */
import { rm } from "node:fs/promises";
import {
  addCodemodPackage,
  bundleWorker,
  HEAVY_PACKAGES,
  installIntoEmptyProject,
  kb,
  mb,
} from "../scripts/pack-install.js";

const installed = await installIntoEmptyProject();
try {
  const heavy = HEAVY_PACKAGES.filter((p) => installed.packages.includes(p));
  console.log("npm i oddkit-sdk (packed tarball into an empty project)");
  console.log(`  tarball:   ${kb(installed.tarballBytes)}`);
  console.log(`  installed: ${installed.packages.length} packages, ${mb(installed.bytes)} on disk`);
  console.log(`  heavy packages present: ${heavy.length === 0 ? "none" : heavy.join(", ")}`);
  const worker = await bundleWorker(installed.project);
  console.log(
    "Cloudflare Worker example (examples/edge/cloudflare-worker/worker.ts), bundled against the install",
  );
  console.log(`  ${kb(worker.minifiedBytes)} minified, ${kb(worker.gzippedBytes)} gzipped`);
  console.log(`  tokenizer in the bundle: ${worker.packages.includes("gpt-tokenizer") ? "YES" : "no"}`);
  console.log(`  packages bundled: ${worker.packages.join(", ")}`);
  // Last: it adds the codemod toolchain to the same project.
  const codemod = await addCodemodPackage(installed);
  console.log("npm i -D @oddkit-sdk/codemod beside it (packed tarball)");
  console.log(`  tarball:   ${kb(codemod.tarballBytes)}`);
  console.log(
    `  installed: ${codemod.packages.length} packages, ${mb(codemod.bytes)} on disk (+${codemod.packages.length - installed.packages.length} packages, +${mb(codemod.bytes - installed.bytes)})`,
  );
} finally {
  await rm(installed.project, { recursive: true, force: true });
}
