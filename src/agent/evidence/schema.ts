/**
 * The evidence packet, version 1 (`schema: "oddkit-evidence/1"`): what a
 * consumer keeps between retrieval and prompt construction, and no more.
 *
 * - `request`: the original request (action and parameters as passed);
 * - `scope` and `source_allowance`: the view the retrieval was allowed
 *   (a contract filter set; the knowledge base it drew from);
 * - `request_identity`: SHA-256 of schema, request, scope, source allowance;
 * - `execution`: server version, `knowledge_base_revision`, the strategy
 *   (action, filters in force, disclosure), the selected references (URI,
 *   title, `content_hash`, rank origin) and the stop (returned vs total);
 * - `execution_identity`: SHA-256 of the request identity and the execution.
 *
 * No bodies, no candidate lists, no diagnostics. A consumer rejects another
 * `schema` value rather than reading unknown fields optimistically, so the
 * object schema is strict.
 */
import * as z from "zod";
import {
  ActionSchema,
  FiltersAppliedSchema,
  FiltersSchema,
  FlagSchema,
  isManyAction,
} from "../../contract/index.js";

export const EVIDENCE_SCHEMA = "oddkit-evidence/1";

const Sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: "expected 64 lower-case hex digits (SHA-256)" });
const ManyActionSchema = ActionSchema.refine(isManyAction, {
  error: "expected search, catalog or preflight",
});

export const RankOriginSchema = z.strictObject({
  method: z.string().min(1),
  rank: z.number().int().min(1),
  score: z.number().nullable(),
});

export const EvidenceReferenceSchema = z.strictObject({
  uri: z.string().min(1),
  title: z.string(),
  content_hash: z.string().min(1),
  rank_origin: RankOriginSchema,
});

export const StopSchema = z.strictObject({
  /** References selected into the packet. */
  returned: z.number().int().min(0),
  /** Entries the request had (post-filter), or links the expansion considered. */
  total: z.number().int().min(0),
  /** `complete`: every entry selected; `page`: one page of a larger total; `bounds`: an expansion's bounds left links. */
  reason: z.enum(["complete", "page", "bounds"]),
  detail: z.string(),
});

export const EvidencePacketSchema = z.strictObject({
  schema: z.literal(EVIDENCE_SCHEMA),
  request: z.strictObject({ action: ManyActionSchema, params: z.record(z.string(), z.unknown()) }),
  scope: FiltersSchema,
  source_allowance: z.strictObject({ knowledge_base_url: z.string().nullable() }),
  request_identity: Sha256Hex,
  execution: z.strictObject({
    server_version: z.string(),
    knowledge_base_revision: z.string().nullable(),
    strategy: z.strictObject({
      action: ManyActionSchema,
      filters_applied: FiltersAppliedSchema,
      disclosure: z.array(FlagSchema),
    }),
    selected: z.array(EvidenceReferenceSchema),
    stop: StopSchema,
  }),
  execution_identity: Sha256Hex,
});

export type EvidencePacket = z.infer<typeof EvidencePacketSchema>;
export type EvidenceReference = z.infer<typeof EvidenceReferenceSchema>;

/** What the request identity covers. */
export function requestIdentityInput(
  p: Pick<EvidencePacket, "schema" | "request" | "scope" | "source_allowance">,
) {
  return { schema: p.schema, request: p.request, scope: p.scope, source_allowance: p.source_allowance };
}

/** What the execution identity covers. */
export function executionIdentityInput(p: Pick<EvidencePacket, "request_identity" | "execution">) {
  return { request_identity: p.request_identity, execution: p.execution };
}
