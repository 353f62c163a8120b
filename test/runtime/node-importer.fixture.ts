// A module that needs Node: the bundle guard must report both imports.
import { readFileSync } from "node:fs";
import { join } from "path";

export const read = (dir: string) => readFileSync(join(dir, "x.md"), "utf8");
