/**
 * Zod schemas of the legacy (0.28.x) `result` shapes, for parsing what a
 * pre-contract server answers (forward shim) and the legacy part of a window
 * response. Objects are loose: the legacy server adds fields over time and
 * the shims must read what they need and carry the rest along untouched.
 */
import * as z from "zod";
import { OuterEnvelopeSchema } from "../contract/index.js";
import { LegacyShapeError } from "../errors/index.js";

const frontmatter = z.record(z.string(), z.unknown());

export const LegacyArticleSchema = z.looseObject({
  path: z.string(),
  uri: z.string(),
  title: z.string(),
  metadata: frontmatter,
});
export type LegacyArticle = z.infer<typeof LegacyArticleSchema>;

export const LegacyPaginationSchema = z.looseObject({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  total_candidates: z.number().int().min(0),
  has_more: z.boolean(),
});

export const LegacyCatalogResultSchema = z.looseObject({
  total: z.number().int().min(0),
  canon: z.number().int().min(0).optional(),
  baseline: z.number().int().min(0).optional(),
  baseline_total: z.number().int().min(0).optional(),
  categories: z.array(z.string()).optional(),
  start_here: z.array(z.string()).optional(),
  articles: z.array(LegacyArticleSchema).optional(),
  pagination: LegacyPaginationSchema.optional(),
});
export type LegacyCatalogResult = z.infer<typeof LegacyCatalogResultSchema>;

export const LegacyHitSchema = z.looseObject({
  uri: z.string(),
  path: z.string(),
  title: z.string(),
  tags: z.array(z.unknown()).optional(),
  score: z.number(),
  snippet: z.string(),
  source: z.string().optional(),
  metadata: frontmatter.optional(),
});
export type LegacyHit = z.infer<typeof LegacyHitSchema>;

export const LegacySearchResultSchema = z.looseObject({
  status: z.string(),
  hits: z.array(LegacyHitSchema).default([]),
  evidence: z.array(z.unknown()).optional(),
  docs_considered: z.number().optional(),
});
export type LegacySearchResult = z.infer<typeof LegacySearchResultSchema>;

export const LegacyGetResultSchema = z.looseObject({
  path: z.string(),
  content: z.string(),
  content_hash: z.string(),
  section: z.string().optional(),
  metadata: frontmatter.optional(),
});
export type LegacyGetResult = z.infer<typeof LegacyGetResultSchema>;

/** `{error, path}`: how a legacy get says "not found" (no status field). */
export const LegacyGetMissSchema = z.looseObject({ error: z.string(), path: z.string().optional() });

export const LegacySupersessionStepSchema = z.looseObject({
  uri: z.string(),
  superseded_at: z.string().optional(),
});

export const LegacyResolveResultSchema = z.looseObject({
  status: z.string(),
  input_uri: z.string().optional(),
  resolved: z
    .looseObject({
      uri: z.string(),
      path: z.string(),
      title: z.string(),
      url: z.string().optional(),
      content_hash: z.string().optional(),
    })
    .optional(),
  supersession_chain: z.array(LegacySupersessionStepSchema).optional(),
  warning: z.string().optional(),
  error: z.string().optional(),
});
export type LegacyResolveResult = z.infer<typeof LegacyResolveResultSchema>;

export const LegacyPreflightResultSchema = z.looseObject({
  topic: z.string(),
  start_here: z.array(z.string()),
  dod: z.string().optional(),
  constraints: z.array(z.string()),
  docs_available: z.number().optional(),
});
export type LegacyPreflightResult = z.infer<typeof LegacyPreflightResultSchema>;

/**
 * The outer legacy envelope `{action, result, server_time, state?, assistant_text, debug?}`:
 * the contract's outer envelope, with any action name (legacy has more) and unknown keys kept.
 */
export const LegacyEnvelopeSchema = z.looseObject({ ...OuterEnvelopeSchema.shape, action: z.string() });
export type LegacyEnvelope = z.infer<typeof LegacyEnvelopeSchema>;

/** Parse with a schema or throw an error that names the tool and every failing field. */
export function parseLegacy<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
  throw new LegacyShapeError(`${what} is not a legacy (0.28.x) result: ${issues}`, value);
}
