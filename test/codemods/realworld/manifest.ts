/**
 * The corpus manifest (codemods/__realworld__/manifest.json): every corpus
 * file with its style, the legacy sites it holds (each named by a snippet of
 * its line that a correct migration must either rewrite or mark), what a
 * correct engine should make of it and why; and the runs that exercise the
 * files (which export to call, how, with what input), with the differences
 * between legacy and migrated output that are intended (and why).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

export const CORPUS_DIR = resolve(import.meta.dirname, "../../../codemods/__realworld__");

const requestSchema = z.object({
  url: z.string().url(),
  method: z.string().default("GET"),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.unknown().optional(),
});

export const driverSchema = z.discriminatedUnion("kind", [
  /** `await exported(...args)`; with `construct`, `await new Exported(...ctorArgs)[method](...args)`. */
  z.object({
    kind: z.literal("call"),
    export: z.string(),
    args: z.array(z.unknown()).default([]),
    construct: z.array(z.unknown()).optional(),
    method: z.string().optional(),
  }),
  /** A fetch-style handler export (`GET`, `handler`, `default.fetch`, a Hono app's `default`) called with a Request. */
  z.object({
    kind: z.literal("request"),
    export: z.string(),
    request: requestSchema,
    extraArgs: z.array(z.unknown()).default([]),
  }),
  /** An edge function that hands its handler to `serve()` / `Deno.serve()` on import. */
  z.object({ kind: z.literal("serve"), request: requestSchema }),
  /** A script run for its output: what it prints (console.log / process.stdout) while imported. */
  z.object({ kind: z.literal("script"), argv: z.array(z.string()).default([]) }),
  /** A React hook rendered (effects and their requests settled); the hook's final return value. */
  z.object({ kind: z.literal("hook"), export: z.string(), args: z.array(z.unknown()).default([]) }),
  /** A React component (client or async server component) rendered until settled; the rendered tree. */
  z.object({
    kind: z.literal("render"),
    export: z.string(),
    props: z.record(z.string(), z.unknown()).default({}),
  }),
  /** A browser widget `export(element, ...args)` on a bare element; the element's innerHTML when settled. */
  z.object({ kind: z.literal("widget"), export: z.string(), args: z.array(z.unknown()).default([]) }),
]);
export type Driver = z.infer<typeof driverSchema>;

/**
 * fully-migrated: a behaviour-keeping rewrite exists; flagged: a human must decide (why says what);
 * indirect: reaches oddkit only through another corpus file, or forwards a tool name and arguments its
 * callers chose, with no legacy shape of its own: it may stay as it is, and is judged by its runs if changed;
 * no-call: makes no oddkit call and must stay byte-identical.
 */
export const EXPECTATIONS = ["fully-migrated", "flagged", "indirect", "no-call"] as const;
export type Expectation = (typeof EXPECTATIONS)[number];

/** What a legacy file becomes under `--decide recommended`: fully migrated unless no decision lifts a site. */
export const DECIDED_EXPECTATIONS = ["fully-migrated", "flagged"] as const;

const decidedSchema = z.object({
  expect: z.enum(DECIDED_EXPECTATIONS),
  /** Which decisions the rewrite takes (and so which differences the decided view predicts), or which site none lifts. */
  why: z.string().min(10),
});

const fileSchema = z
  .object({
    style: z.string().min(1),
    expect: z.enum(EXPECTATIONS),
    /** Why this expectation: what a correct rewrite keeps, or what a human must decide. */
    why: z.string().min(10),
    /** Snippets of the lines of the legacy sites (calls and legacy-shape reads); each unique in the file. */
    sites: z.array(z.string().min(3)).default([]),
    /** The expectation under `--decide recommended` (legacy files only: the others make no legacy call of their own). */
    decided: decidedSchema.optional(),
  })
  .refine((f) => (f.expect === "no-call" || f.expect === "indirect") === (f.sites.length === 0), {
    message: "no-call and indirect files list no sites; a file with legacy sites lists at least one",
  })
  .refine((f) => (f.expect === "fully-migrated" || f.expect === "flagged") === (f.decided !== undefined), {
    message:
      "every legacy file (fully-migrated or flagged) has a decided expectation, and no other file has one",
  });
export type ManifestFile = z.infer<typeof fileSchema>;

const intendedSchema = z.object({
  /** Output path to ignore: dot/bracket path with `[*]` for every element, e.g. `body.results[*].snippet`. */
  path: z.string().min(1),
  why: z.string().min(10),
});

const runSchema = z.object({
  id: z.string().min(1),
  /** The corpus file whose export the driver calls. */
  entry: z.string(),
  /** Other corpus files this run executes (wrappers, proxies), so their migration is judged by it too. */
  also: z.array(z.string()).default([]),
  driver: driverSchema,
  env: z.record(z.string(), z.string()).default({}),
  /** The project's `supabase/functions` folder, for `supabase.functions.invoke`. */
  functions: z.string().optional(),
  intended: z.array(intendedSchema).default([]),
});
export type ManifestRun = z.infer<typeof runSchema>;

export const manifestSchema = z.object({
  files: z.record(z.string(), fileSchema),
  runs: z.array(runSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Read and validate the manifest against the corpus on disk: every file exists, every site snippet occurs once. */
export function loadManifest(dir: string = CORPUS_DIR): Manifest {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")));
  const problems: string[] = [];
  for (const [file, entry] of Object.entries(manifest.files)) {
    let text: string;
    try {
      text = readFileSync(join(dir, file), "utf8");
    } catch {
      problems.push(`${file}: listed in the manifest but not in the corpus`);
      continue;
    }
    for (const site of entry.sites) {
      const count = text.split(site).length - 1;
      if (count !== 1)
        problems.push(`${file}: site snippet ${JSON.stringify(site)} occurs ${count} times (must be 1)`);
    }
  }
  for (const run of manifest.runs) {
    for (const file of [run.entry, ...run.also]) {
      if (!manifest.files[file]) problems.push(`run ${run.id}: ${file} is not a manifest file`);
    }
  }
  const ids = manifest.runs.map((r) => r.id);
  for (const id of new Set(ids))
    if (ids.filter((x) => x === id).length > 1) problems.push(`run id ${id} repeats`);
  if (problems.length > 0) throw new Error(`realworld manifest: ${problems.join("; ")}`);
  return manifest;
}

/** Files of the runs' coverage: the entry and the files it is declared to execute. */
export const coveredBy = (run: ManifestRun): string[] => [run.entry, ...run.also];
