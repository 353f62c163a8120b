/**
 * Generate the bundled sample corpus (or a large one for benchmarks):
 *
 *   npx tsx scripts/generate-corpus.ts [--docs N] [--out DIR] [--seed S]
 *
 * Deterministic: the same options give the same files, byte for byte. The
 * default writes 566 documents into corpus/sample/ (committed). The plan
 * (paths and frontmatter) is made up front; texts are rendered and written
 * one at a time, so --docs 100000 (~1 GB of markdown) peaks at ~0.6 GB RSS.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { planCorpus } from "./corpus-gen/plan.js";
import { renderDocument } from "./corpus-gen/render.js";

export const DEFAULT_DOCS = 566;
export const DEFAULT_SEED = "oddkit-sample-v1";
/** Written into every generated folder; the generator only ever replaces folders that carry it. */
export const MARKER_FILE = ".oddkit-generated-corpus.json";
/**
 * The corpus's own kind map (`oddkit.kinds.json`, read by every command that
 * loads the folder): the generator lays apocrypha out under
 * `canon/apocrypha/` as klappy.dev does, which the default prefixes would
 * resolve as canon.
 */
export const KIND_MAP_FILE = "oddkit.kinds.json";
export const GENERATED_KIND_MAP = { "canon/apocrypha/": "apocrypha" } as const;
export const KIND_MAP_TEXT = `${JSON.stringify(GENERATED_KIND_MAP, null, 2)}\n`;

export interface GenerateOptions {
  readonly docs?: number;
  readonly seed?: string;
}

export interface GeneratedFile {
  readonly path: string;
  readonly text: string;
}

/** The corpus's files in path order, rendered lazily one by one. */
export function* generateCorpus(options: GenerateOptions = {}): Generator<GeneratedFile> {
  const docs = options.docs ?? DEFAULT_DOCS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(docs) || docs < 1) throw new Error(`--docs must be a positive integer, got ${docs}`);
  const plan = planCorpus({ docs, seed }).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const doc of plan) yield { path: doc.path, text: renderDocument(doc, seed) };
}

export interface WriteSummary {
  readonly dir: string;
  readonly documents: number;
  readonly bytes: number;
}

/** Write a generated corpus into `dir`, replacing a previous generated corpus there (never other content). */
export function writeCorpus(dir: string, options: GenerateOptions = {}): WriteSummary {
  const out = resolve(dir);
  if (existsSync(out)) {
    const entries = readdirSync(out);
    if (entries.length > 0 && !entries.includes(MARKER_FILE)) {
      throw new Error(
        `refusing to write into ${out}: it is not empty and was not made by this generator (no ${MARKER_FILE}). Pass an empty or new --out folder.`,
      );
    }
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  const made = new Set<string>([out]);
  let documents = 0;
  let bytes = 0;
  for (const file of generateCorpus(options)) {
    const target = join(out, file.path);
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(target, file.text);
    documents++;
    bytes += Buffer.byteLength(file.text);
  }
  const marker = {
    generator: "scripts/generate-corpus.ts",
    docs: documents,
    seed: options.seed ?? DEFAULT_SEED,
  };
  writeFileSync(join(out, KIND_MAP_FILE), KIND_MAP_TEXT);
  writeFileSync(join(out, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
  return { dir: out, documents, bytes };
}

function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      docs: { type: "string", default: String(DEFAULT_DOCS) },
      out: { type: "string" },
      seed: { type: "string", default: DEFAULT_SEED },
    },
  });
  const docs = Number(values.docs);
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const out = values.out ?? join(root, "corpus", "sample");
  const started = performance.now();
  const summary = writeCorpus(out, { docs, seed: values.seed });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `wrote ${summary.documents} documents (${(summary.bytes / 1e6).toFixed(1)} MB) to ${summary.dir} in ${seconds.toFixed(1)} s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`generate-corpus: ${(error as Error).message}`);
    process.exit(1);
  }
}
