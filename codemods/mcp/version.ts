/** The codemod package's version (serverInfo.version), read from its package.json wherever this module runs from (mcp/ or dist/mcp/). */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "@oddkit-sdk/codemod";

export function codemodPackageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === "string") return manifest.version;
    } catch {
      // no package.json here: look one folder up
    }
    dir = dirname(dir);
  }
  throw new Error(`${PACKAGE_NAME}: its package.json was not found above ${fileURLToPath(import.meta.url)}`);
}
