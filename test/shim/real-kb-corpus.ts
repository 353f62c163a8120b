/**
 * A knowledge base shaped like a real one for the backward shim: a fifth of
 * its documents declare a `uri` that does not name their path — a public
 * alias (`klappy://public/odd` for `odd/README.md`) or a shortened slug for
 * a long file name — as klappy.dev's do. Built from the bundled sample by
 * giving every fifth document that has frontmatter such a `uri`; used by test/shim/real-kb.test.ts and bench/shim.ts.
 */
import { corpusFromFiles, loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";

export interface RealKb {
  readonly corpus: Corpus;
  /** Declared uri → repository path, for the renamed documents. */
  readonly renamed: ReadonlyMap<string, string>;
  /** Every markdown path of the repository (what `git ls-files '*.md'` lists). */
  readonly files: readonly string[];
}

/** `writings/notebook/on-the-cost-of-a-fat-catalog.md` → `on-the-cost` (a shortened slug). */
function slug(path: string): string {
  const name = path.split("/").pop()!.replace(/\.md$/, "");
  return name.split("-").slice(0, 2).join("-");
}

export async function realKbCorpus(every = 5): Promise<RealKb> {
  const sample = await loadCorpus(sampleCorpusDir());
  const renamed = new Map<string, string>();
  let n = 0;
  const files = sample.documents.map((doc) => {
    const eligible = doc.raw.startsWith("---\n") && doc.kind !== null;
    if (!eligible || n++ % every !== 0) return { path: doc.path, text: doc.raw };
    // Alternate the two real-world styles: a public alias of the folder, a shortened slug.
    const uri =
      renamed.size % 2 === 0
        ? `klappy://public/${doc.path.split("/")[0]}/${renamed.size}`
        : `klappy://${doc.path.split("/")[0]}/${slug(doc.path)}-${renamed.size}`;
    renamed.set(uri, doc.path);
    // Replace a declared uri (the sample declares its path-named one), or add the line.
    const end = doc.raw.indexOf("\n---", 3);
    const block = doc.raw.slice(4, end).replace(/^uri:.*\n?/m, "");
    return { path: doc.path, text: `---\nuri: ${uri}\n${block}${doc.raw.slice(end)}` };
  });
  const corpus = corpusFromFiles(files, { kindMap: sample.kindMap, kindMapSource: sample.kindMapSource });
  return { corpus, renamed, files: files.map((f) => f.path) };
}
