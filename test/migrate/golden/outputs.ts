/**
 * What `migrate` produced over a corpus, in a form that can be compared and
 * committed: every file's final text (only for files it changes), status,
 * transform events, markers and failures, plus the run's legacy sites,
 * fallbacks and exit code — paths relative to the corpus. The golden test
 * (test/migrate/golden.test.ts) holds the engine to the committed record, so
 * a speed change that alters one byte of any output fails.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, relative, resolve } from "node:path";
import { SOURCE_EXTENSIONS } from "../../../codemods/migrate/parser.js";
import { migrate } from "../../../codemods/migrate/run.js";
import { makeNodeModules } from "../../codemods/realworld/copies.js";
import { generateConsumers } from "./generated.js";

export const REPO = resolve(import.meta.dirname, "../../..");
export const GOLDEN_DIR = join(import.meta.dirname, "expected");

export interface GoldenFile {
  readonly status: string;
  /** The text written (changed files only). */
  readonly after?: string;
  readonly sites: readonly string[];
  readonly todos: readonly string[];
  readonly error?: string;
}

export interface GoldenRun {
  readonly exitCode: number;
  readonly files: Record<string, GoldenFile>;
  readonly legacySites: readonly string[];
  readonly fallbacks: readonly string[];
}

/** The corpora: the real-world corpus, every transform fixture, and generated consumer repositories. */
export const CORPORA = {
  realworld: async (dir: string) => cp(join(REPO, "codemods/__realworld__"), dir, { recursive: true }),
  fixtures: async (dir: string) => cp(join(REPO, "codemods/__testfixtures__"), dir, { recursive: true }),
  "generated-10": async (dir: string) => void (await generateConsumers(dir, 60, 0.1)),
  "generated-100": async (dir: string) => void (await generateConsumers(dir, 24, 1)),
} as const;

export type CorpusName = keyof typeof CORPORA;

/** A work folder with the repository's dependencies linked in, as a consumer's install would have them. */
export async function prepareWork(work: string): Promise<void> {
  await mkdir(work, { recursive: true });
  await makeNodeModules(work);
}

export async function migrateCorpus(
  work: string,
  name: CorpusName,
  poolMode: "workers" | "in-process",
  lineBreaks: "as-is" | "crlf" = "as-is",
): Promise<GoldenRun> {
  const dir = join(work, `${name}-${poolMode}-${lineBreaks}`);
  await CORPORA[name](dir);
  if (lineBreaks === "crlf") await toCrlf(dir);
  const { summary, outcomes } = await migrate({
    paths: [dir],
    cwd: dir,
    dry: true,
    concurrency: 2,
    poolMode,
  });
  const files: Record<string, GoldenFile> = {};
  for (const o of [...outcomes].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    files[relative(dir, o.file)] = {
      status: o.status,
      ...(o.status === "changed" ? { after: o.after as string } : {}),
      sites: o.sites.map((s) => `${s.transform}:${s.line}:${s.what}`),
      todos: o.todos.map((t) => `${t.line}:${t.reason}`),
      ...(o.error ? { error: `${o.error.transform}: ${o.error.message.replaceAll(dir, "<corpus>")}` } : {}),
    };
  }
  return {
    exitCode: summary.exitCode,
    files,
    legacySites: summary.legacySites.map(
      (s) => `${s.file}:${s.line} ${s.kind} ${s.what} ${s.action ?? "-"} ${s.status}: ${s.reason}`,
    ),
    fallbacks: summary.fallbacks.map((f) => `${f.file}: ${f.reason}`),
  };
}

/** Source files a migrate run reads (the extensions codemods/migrate/files.ts walks). */
const SOURCE = new Set<string>(SOURCE_EXTENSIONS.map((e) => `.${e}`));

/**
 * Rewrite every source file of a corpus with CRLF line breaks, as a Windows checkout (git's
 * core.autocrlf) holds them. Files that already hold a CR are left as they are.
 */
export async function toCrlf(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !SOURCE.has(extname(entry.name).toLowerCase())) continue;
    const file = join(entry.parentPath, entry.name);
    if (file.includes("/node_modules/")) continue;
    const text = await readFile(file, "utf8");
    if (!text.includes("\r")) await writeFile(file, text.replaceAll("\n", "\r\n"));
  }
}
