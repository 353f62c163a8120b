/**
 * `toEvidence(answer, { scope })`: the evidence packet of what an agent
 * selected, from a `browse` answer (every entry of its page), an `expand`
 * result (the delivered documents) or a `buildContext` result (the inline
 * documents).
 *
 * The scope is the view the retrieval was allowed; the request must have
 * been restricted to it (its filters within the scope), or no packet is made:
 * evidence retrieved from outside a scope cannot be declared inside it
 * afterwards.
 */
import type { ServerVersion } from "../../client/types.js";
import {
  type Filters,
  type Flag,
  filtersApplied,
  type ManyAction,
  pickFilters,
} from "../../contract/index.js";
import { clientFor, isAnswer } from "../answer.js";
import type { AgentContext } from "../context.js";
import type { Delivered, Unexpanded } from "../deliver.js";
import { OddkitAgentOptionsError, OddkitEvidenceError } from "../errors.js";
import type { Expansion } from "../expand.js";
import { links } from "../links.js";
import type { AgentClient, Answer, Link } from "../types.js";
import { sha256Canonical } from "./identity.js";
import {
  EVIDENCE_SCHEMA,
  type EvidencePacket,
  type EvidenceReference,
  executionIdentityInput,
  requestIdentityInput,
} from "./schema.js";
import { parseScope, scopeWidenings } from "./scope.js";

export interface EvidenceOptions {
  /** The view the retrieval was allowed (a contract filter set). */
  readonly scope: Filters;
  /** For a `browse` answer copied or built elsewhere: the client to read content hashes with. */
  readonly client?: AgentClient;
}

/** What a packet is made from, whatever produced it. */
interface Selection {
  readonly action: ManyAction;
  readonly request: Readonly<Record<string, unknown>>;
  readonly source: ServerVersion;
  readonly refs: readonly EvidenceReference[];
  readonly stop: EvidencePacket["execution"]["stop"];
}

function isExpansion(value: unknown): value is Expansion {
  return typeof value === "object" && value !== null && "delivered" in value && "bounds" in value;
}

function isContext(value: unknown): value is AgentContext {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { schema?: unknown }).schema === "oddkit-context/1"
  );
}

const reference = (item: Link & { content_hash: string }): EvidenceReference => ({
  uri: item.uri,
  title: item.title,
  content_hash: item.content_hash,
  rank_origin: item.origin,
});

function boundsStop(delivered: readonly Delivered[], left: readonly Unexpanded[], total: number) {
  const counts = new Map<string, number>();
  for (const l of left) counts.set(l.reason, (counts.get(l.reason) ?? 0) + 1);
  const why = [...counts].map(([reason, n]) => `${n} ${reason}`).join(", ");
  return {
    returned: delivered.length,
    total,
    reason: left.length === 0 ? ("complete" as const) : ("bounds" as const),
    detail:
      left.length === 0
        ? `all ${total} delivered`
        : `${delivered.length} of ${total} delivered; stayed links: ${why}`,
  };
}

async function fromAnswer(answer: Answer, client: AgentClient): Promise<Selection> {
  const found = links(answer);
  // Listings carry no content_hash: read each one's served revision (get without a body).
  const refs = await Promise.all(
    found.map(async (link) => {
      const got = await client.get({ uri: link.uri, disclosure: [] }, { cache: false });
      return reference({ ...link, content_hash: (got.data as { content_hash: string }).content_hash });
    }),
  );
  const { offset, total } = answer.result;
  const returned = refs.length;
  const whole = offset === 0 && returned === total;
  return {
    action: answer.action,
    request: answer.request,
    source: answer.source,
    refs,
    stop: {
      returned,
      total,
      reason: whole ? "complete" : "page",
      detail: whole ? `all ${total} entries` : `entries ${offset + 1}–${offset + returned} of ${total}`,
    },
  };
}

async function selectionOf(fn: string, value: unknown, options: EvidenceOptions): Promise<Selection> {
  if (isContext(value)) {
    return {
      action: "preflight",
      request: value.request,
      source: value.source,
      refs: value.inline.map(reference),
      stop: boundsStop(value.inline, value.links, value.total),
    };
  }
  if (isExpansion(value)) {
    return {
      action: value.action,
      request: value.request,
      source: value.source,
      refs: value.delivered.map(reference),
      stop: boundsStop(value.delivered, value.links, value.total),
    };
  }
  if (isAnswer(value)) return fromAnswer(value, clientFor(fn, value, options.client));
  throw new OddkitAgentOptionsError(
    fn,
    "answer",
    "pass what browse(), expand() or buildContext() returned (a bare client result has lost its request).",
  );
}

export async function toEvidence(
  answer: Answer | Expansion | AgentContext,
  options: EvidenceOptions,
): Promise<EvidencePacket> {
  const fn = "toEvidence";
  const parsed = parseScope(options?.scope);
  if (!parsed.ok) {
    throw new OddkitAgentOptionsError(fn, "scope", `scope is not a filter set: ${parsed.issues.join("; ")}`);
  }
  const scope = parsed.scope;
  const selection = await selectionOf(fn, answer, options);
  const applied = filtersApplied(pickFilters({ ...selection.request }));
  const widened = scopeWidenings(applied as Filters, scope);
  if (widened.length > 0) {
    throw new OddkitEvidenceError(
      fn,
      "EVIDENCE_REQUEST_OUTSIDE_SCOPE",
      "the request was not restricted to the scope, so its results cannot be evidence within it; repeat the retrieval with the scope's filters",
      widened,
    );
  }
  const params = { ...selection.request };
  const base = {
    schema: EVIDENCE_SCHEMA,
    request: { action: selection.action, params },
    scope,
    source_allowance: {
      knowledge_base_url: typeof params.knowledge_base_url === "string" ? params.knowledge_base_url : null,
    },
  } as const;
  const request_identity = await sha256Canonical(requestIdentityInput(base));
  const execution: EvidencePacket["execution"] = {
    server_version: selection.source.server_version,
    knowledge_base_revision: selection.source.knowledge_base_revision,
    strategy: {
      action: selection.action,
      filters_applied: applied,
      disclosure: [...((params.disclosure as Flag[] | undefined) ?? [])],
    },
    selected: [...selection.refs],
    stop: selection.stop,
  };
  const execution_identity = await sha256Canonical(executionIdentityInput({ request_identity, execution }));
  return { ...base, request_identity, execution, execution_identity };
}
