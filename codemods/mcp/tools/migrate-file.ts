/**
 * `migrate_file`: one file's migration, exactly what `migrate` would write
 * for it (a dry run over the file and its neighbours in a scratch folder,
 * removed after), with the markers left in it, its open sites and the
 * no-new-errors gate's verdict. Neighbours matter when a wrapper or a caller
 * lives in another file: the engine follows calls across files, and may
 * rewrite a neighbour together with the file (reported in `neighbours`).
 */
import { posix } from "node:path";
import { z } from "zod";
import type { SiteRecord } from "../../migrate/engine.js";
import { displayPath } from "../../migrate/files.js";
import { dryRun } from "../engine-run.js";
import { checkRelativePath, choicesOf, decisionsInput, fileInput, notRead } from "../inputs.js";
import { McpInputError } from "../limits.js";
import { FILE_OUTCOMES, fileOutcome } from "../outcome.js";
import { isOpen, openSite, openSiteSchema, siteSchema } from "../sites.js";
import { withScratchFiles } from "../target.js";

export const migrateFileInput = z.object({
  path: fileInput.shape.path,
  text: fileInput.shape.text,
  neighbours: z
    .array(fileInput)
    .optional()
    .describe(
      "other files of the app, each path + text: the wrapper this file calls, the files that call its wrapper, the types it imports. Pass the app folder's other source files when unsure.",
    ),
  decisions: decisionsInput.optional(),
});

export const migrateFileOutput = z.object({
  path: z.string(),
  status: z
    .enum(FILE_OUTCOMES)
    .describe(
      "fully-migrated: every legacy site rewritten; flagged: markers remain (see markers and openSites); no-sites: the file makes no oddkit call and is left as it is; failed: see failure",
    ),
  changed: z.boolean().describe("the text differs from the one given"),
  text: z.string().describe("the file's new text (the given text when unchanged): what `migrate` writes"),
  markers: z
    .array(z.object({ line: z.number().int(), reason: z.string() }))
    .describe("TODO(oddkit-migrate) markers in the new text (1-based lines of `text`) and what each asks"),
  sites: z
    .array(siteSchema)
    .describe("every legacy site of the file (lines of the given text) and its status"),
  openSites: z.array(openSiteSchema).describe("the sites still open, with what lifts each"),
  noNewErrors: z.object({
    verdict: z
      .enum(["passed", "rewrite-dropped", "unchanged", "failed"])
      .describe(
        "passed: the rewrite adds no type error to the file; rewrite-dropped: it added some, so the text only got markers; unchanged: nothing was rewritten; failed: the rewrite did not parse and nothing is returned but the original",
      ),
    detail: z.string().nullable(),
  }),
  failure: z
    .string()
    .nullable()
    .describe("why the file could not be migrated (the text is then the given one)"),
  neighbours: z
    .array(z.object({ path: z.string(), text: z.string() }))
    .describe("neighbours the same run rewrote (a wrapper rewritten with its callers): apply them together"),
});
export type MigrateFileResult = z.infer<typeof migrateFileOutput>;

/** How the engine's no-new-errors gate words a dropped rewrite (engine.ts, its fallback reason). */
const TYPE_ERRORS = "the rewrite added type errors";

export async function migrateFile(given: z.infer<typeof migrateFileInput>): Promise<MigrateFileResult> {
  // The path as the engine shows it ("./a.ts" is "a.ts").
  const input = { ...given, path: checkRelativePath(given.path, "path") };
  const neighbours = input.neighbours ?? [];
  if (neighbours.some((n) => posix.normalize(n.path) === input.path))
    throw new McpInputError(
      `neighbours: '${input.path}' is the file under migration: leave it out of neighbours`,
    );
  return withScratchFiles([{ path: input.path, text: input.text }, ...neighbours], async (target) => {
    const { summary, outcomes } = await dryRun(target, choicesOf(input.decisions));
    // The scratch folder holds the files at their given paths: the summary shows them so.
    const own = (file: string) => file === input.path;
    const outcome = outcomes.find((o) => own(displayPath(o.file, target.cwd)));
    if (!outcome) throw notRead(input.path);
    const sites: SiteRecord[] = summary.legacySites.filter((s) => own(s.file));
    const failure = summary.failures.find((f) => own(f.file))?.message ?? null;
    const skipped = summary.skipped.find((s) => own(s.file))?.reason ?? null;
    const fallback = summary.fallbacks.find((f) => own(f.file))?.reason ?? null;
    const text = outcome?.status === "changed" && outcome.after !== undefined ? outcome.after : input.text;
    const open = sites.filter(isOpen);
    const markers = summary.todos.filter((t) => own(t.file)).map((t) => ({ line: t.line, reason: t.reason }));
    const failed = failure ?? skipped;
    return {
      path: input.path,
      status: fileOutcome(summary, input.path),
      changed: text !== input.text,
      text,
      markers,
      sites,
      openSites: open.map(openSite),
      noNewErrors:
        failed !== null
          ? { verdict: "failed", detail: failed }
          : fallback?.startsWith(TYPE_ERRORS)
            ? { verdict: "rewrite-dropped", detail: fallback }
            : text !== input.text
              ? { verdict: "passed", detail: null }
              : { verdict: "unchanged", detail: fallback },
      failure: failed,
      neighbours: outcomes.flatMap((o) => {
        const path = displayPath(o.file, target.cwd);
        return !own(path) && o.status === "changed" && o.after !== undefined ? [{ path, text: o.after }] : [];
      }),
    };
  });
}
