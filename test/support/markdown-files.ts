/**
 * The markdown files of the repository's own corpora (the sample corpus and
 * the test fixtures' corpora): real frontmatter and bodies that the corpus
 * readers' tests hold to their oracles.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The sample corpus and the fixture corpora. */
export const CORPUS_ROOTS = ["../../corpus/", "../fixtures/corpora/"].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);

/** Every `.md` file under `dir`, recursively. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out;
}
