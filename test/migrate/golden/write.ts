/**
 * Writes the golden record of every corpus (test/migrate/golden/expected/)
 * from the engine on this checkout. Run it only to record a deliberate change
 * of migrate's output, and say so in the commit: the golden test exists to
 * stop unintended ones (it was first written from main at 1004ea9, before
 * issue 16's throughput work).
 *
 *   npm run build && npx tsx test/migrate/golden/write.ts [corpus…]
 *
 * (The build matters: the work folder links oddkit-sdk to this checkout, and
 * a rewrite that imports it passes the no-new-errors gate only when its
 * declarations are built.)
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CORPORA, type CorpusName, GOLDEN_DIR, migrateCorpus, prepareWork } from "./outputs.js";

const work = await mkdtemp(join(tmpdir(), "oddkit-golden-"));
try {
  await prepareWork(work);
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CORPORA);
  for (const name of names as CorpusName[]) {
    if (!(name in CORPORA))
      throw new Error(`unknown corpus ${name}: one of ${Object.keys(CORPORA).join(", ")}`);
    const inProcess = await migrateCorpus(work, name, "in-process");
    const workers = await migrateCorpus(work, name, "workers");
    if (JSON.stringify(inProcess) !== JSON.stringify(workers))
      throw new Error(`${name}: the worker pool and the in-process lane disagree`);
    await writeFile(join(GOLDEN_DIR, `${name}.json`), `${JSON.stringify(inProcess, null, 1)}\n`);
    console.log(`${name}: ${Object.keys(inProcess.files).length} files`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
// In the repository's JSON style, so that lint passes on a fresh record.
spawnSync("npx", ["biome", "format", "--write", GOLDEN_DIR], { stdio: "inherit" });
