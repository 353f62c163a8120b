/**
 * `admit(packet, { client, scope, budgetTokens })`: the check between an
 * evidence packet and the prompt it is about to enter.
 *
 * 1. The packet: its `schema` is one this SDK reads, its shape is exact, its
 *    identities match its content, and neither its scope nor its request's
 *    filters reach past the caller's scope (a packet cannot widen it).
 *    Failing any of these refuses the packet as a whole (OddkitEvidenceError).
 * 2. Each reference, against the live server, uncached: it must still be in
 *    the caller's scope (a catalog walk of that scope lists it), not be
 *    superseded (`resolve` walks no `superseded_by` step), and still be the
 *    revision the packet names (`content_hash`). A reference that fails is
 *    refused with every reason that applies; a newer revision or successor is
 *    named, never swapped in.
 * 3. Capacity: the admitted references' sections (as `renderItem` renders
 *    them) are assembled in packet order and the actual prompt is measured
 *    with cl100k; the longest in-order prefix within `budgetTokens` enters,
 *    the rest are refused for the budget, each named.
 */
import { OddkitNotFoundError, OddkitRequestError } from "../../client/errors.js";
import type { CallOptions, ServerVersion } from "../../client/types.js";
import { type Filters, filtersApplied, pickFilters, sameFilters } from "../../contract/index.js";
import { checkBudget, checkConcurrency } from "../bounds.js";
import { OddkitAgentOptionsError, OddkitEvidenceError } from "../errors.js";
import { measureTokens } from "../measure.js";
import { renderItem } from "../render-item.js";
import type { AgentClient, RankOrigin } from "../types.js";
import { sha256Canonical } from "./identity.js";
import {
  EVIDENCE_SCHEMA,
  type EvidencePacket,
  EvidencePacketSchema,
  type EvidenceReference,
  executionIdentityInput,
  requestIdentityInput,
} from "./schema.js";
import { parseScope, scopeWidenings } from "./scope.js";

export const ADMISSION_SCHEMA = "oddkit-admission/1";

export interface AdmitOptions {
  /** A client of the live server the references are rechecked against. */
  readonly client: AgentClient;
  /** The caller's authorised scope (a contract filter set), supplied independently of the packet. */
  readonly scope: Filters;
  /** Most cl100k tokens the assembled evidence may take. */
  readonly budgetTokens: number;
  /** References rechecked at once (1–16, default 4). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
}

/** Why a reference did not enter, most serious first. */
export type RefusalReason =
  /** The live server no longer has the URI. */
  | "missing"
  /** Its supersession chain cannot be walked (circular or dangling). */
  | "unresolvable"
  /** A walk of the caller's scope on the live server does not list it (e.g. no longer `exposure: public`). */
  | "out-of-scope"
  /** It has a successor (`resolve` walked `superseded_by`). */
  | "superseded"
  /** Its live `content_hash` differs from the packet's. */
  | "changed"
  /** It passed every check but did not fit the budget. */
  | "budget";

const PRIORITY: readonly RefusalReason[] = [
  "missing",
  "unresolvable",
  "out-of-scope",
  "superseded",
  "changed",
];

export interface Refusal {
  readonly uri: string;
  readonly title: string;
  /** The most serious reason. */
  readonly reason: RefusalReason;
  /** Every reason that applies. */
  readonly reasons: RefusalReason[];
  readonly detail: string;
  readonly content_hash: string;
  /** The live revision's hash, when it differs. */
  readonly live_content_hash?: string;
  /** The document that supersedes it now, with the steps walked. Named, never swapped in. */
  readonly successor?: { readonly uri: string; readonly supersession_chain: readonly unknown[] };
  /** Its section's tokens, for a budget refusal. */
  readonly tokens?: number;
}

export interface Entered {
  readonly uri: string;
  readonly title: string;
  readonly content_hash: string;
  readonly rank_origin: RankOrigin;
  /** cl100k tokens of its section alone. */
  readonly tokens: number;
}

export interface Admission {
  readonly schema: typeof ADMISSION_SCHEMA;
  readonly packet: { readonly request_identity: string; readonly execution_identity: string };
  /** The caller's scope the references were checked against. */
  readonly scope: Filters;
  /** The packet's server identity and the live one. */
  readonly source: { readonly packet: ServerVersion; readonly live: ServerVersion };
  /** `admitted`: every reference entered; `partial`: some did; `refused`: none did. */
  readonly status: "admitted" | "partial" | "refused";
  /** In packet order. */
  readonly entered: Entered[];
  /** In packet order; every reference of the packet is in `entered` or here. */
  readonly refused: Refusal[];
  readonly budget: { readonly budgetTokens: number; readonly tokens: number };
  /** The assembled evidence (the entered sections, in packet order), exactly as measured. */
  readonly prompt: string;
}

async function checkPacket(value: unknown): Promise<EvidencePacket> {
  const fn = "admit";
  const schema = (value as { schema?: unknown } | null)?.schema;
  if (typeof value !== "object" || value === null || schema !== EVIDENCE_SCHEMA) {
    throw new OddkitEvidenceError(
      fn,
      "EVIDENCE_SCHEMA",
      `this SDK reads evidence packets of schema '${EVIDENCE_SCHEMA}'; got ${typeof value !== "object" || value === null ? typeof value : `schema ${JSON.stringify(schema) ?? "undefined"}`}. Rebuild the packet with toEvidence.`,
    );
  }
  const parsed = EvidencePacketSchema.safeParse(value);
  if (!parsed.success) {
    throw new OddkitEvidenceError(
      fn,
      "EVIDENCE_SCHEMA",
      `the packet does not have the shape of '${EVIDENCE_SCHEMA}'`,
      parsed.error.issues.map((i) => `${i.path.join(".") || "(packet)"}: ${i.message}`),
    );
  }
  const packet = parsed.data;
  const mismatched: string[] = [];
  const requestIdentity = await sha256Canonical(requestIdentityInput(packet));
  if (requestIdentity !== packet.request_identity) {
    mismatched.push("request_identity does not match the request, scope and source allowance it carries");
  }
  if ((await sha256Canonical(executionIdentityInput(packet))) !== packet.execution_identity) {
    mismatched.push("execution_identity does not match the request identity and execution it carries");
  }
  if (mismatched.length > 0) {
    throw new OddkitEvidenceError(
      fn,
      "EVIDENCE_IDENTITY",
      "the packet was altered after it was made",
      mismatched,
    );
  }
  const uris = packet.execution.selected.map((r) => r.uri);
  const repeated = uris.filter((u, i) => uris.indexOf(u) !== i);
  const echo = filtersApplied(pickFilters(packet.request.params));
  const inconsistent = [
    ...(repeated.length > 0 ? [`execution.selected repeats ${[...new Set(repeated)].join(", ")}`] : []),
    ...(sameFilters(echo, packet.execution.strategy.filters_applied)
      ? []
      : ["execution.strategy.filters_applied differs from the filters of request.params"]),
    ...(packet.execution.strategy.action === packet.request.action
      ? []
      : ["execution.strategy.action differs from request.action"]),
  ];
  if (inconsistent.length > 0) {
    throw new OddkitEvidenceError(fn, "EVIDENCE_SCHEMA", "the packet contradicts itself", inconsistent);
  }
  return packet;
}

function checkScope(packet: EvidencePacket, scope: Filters): void {
  const claimed = scopeWidenings(packet.scope, scope).map((w) => `packet scope: ${w}`);
  const request = scopeWidenings(filtersApplied(pickFilters(packet.request.params)) as Filters, scope).map(
    (w) => `request filters: ${w}`,
  );
  if (claimed.length + request.length > 0) {
    throw new OddkitEvidenceError(
      "admit",
      "EVIDENCE_SCOPE_WIDENED",
      "the packet reaches past the caller's scope; a packet cannot widen it",
      [...claimed, ...request],
    );
  }
}

interface Checked {
  readonly ref: EvidenceReference;
  readonly reasons: RefusalReason[];
  readonly details: string[];
  readonly body?: string;
  readonly live_content_hash?: string;
  readonly successor?: Refusal["successor"];
}

/** The URIs the caller's scope lists on the live server (a fresh, uncached catalog walk). */
async function scopeUris(client: AgentClient, scope: Filters): Promise<Set<string>> {
  const uris = new Set<string>();
  for await (const entry of client.paginate("catalog", { ...scope, disclosure: [] } as never)) {
    uris.add((entry as { uri: string }).uri);
  }
  return uris;
}

async function recheck(
  client: AgentClient,
  ref: EvidenceReference,
  inScope: ReadonlySet<string>,
  call: CallOptions,
): Promise<Checked> {
  const reasons: RefusalReason[] = [];
  const details: string[] = [];
  let live_content_hash: string | undefined;
  let successor: Refusal["successor"];
  try {
    const resolved = await client.resolve({ uri: ref.uri, disclosure: [] }, call);
    const data = resolved.data as { uri: string; content_hash: string; supersession_chain: unknown[] };
    if (data.supersession_chain.length > 0) {
      reasons.push("superseded");
      successor = { uri: data.uri, supersession_chain: data.supersession_chain };
      details.push(`superseded: resolve walks ${data.supersession_chain.length} step(s) to ${data.uri}`);
    } else if (data.content_hash !== ref.content_hash) {
      reasons.push("changed");
      live_content_hash = data.content_hash;
      details.push(`changed: content_hash is now ${data.content_hash}, the packet holds ${ref.content_hash}`);
    }
  } catch (error) {
    if (error instanceof OddkitNotFoundError) {
      reasons.push("missing");
      details.push(`missing: ${error.message}`);
    } else if (error instanceof OddkitRequestError && /SUPERSESSION/.test(error.code)) {
      reasons.push("unresolvable");
      details.push(`unresolvable: ${error.message}`);
    } else {
      throw error;
    }
  }
  if (!reasons.includes("missing") && !inScope.has(ref.uri)) {
    reasons.push("out-of-scope");
    details.push("out-of-scope: the live server does not list it within the caller's scope");
  }
  // A superseded document's own revision is still readable: say whether it changed too.
  if (reasons.includes("superseded")) {
    const own = await client.get({ uri: ref.uri, disclosure: [] }, call);
    const hash = (own.data as { content_hash: string }).content_hash;
    if (hash !== ref.content_hash) {
      reasons.push("changed");
      live_content_hash = hash;
      details.push(`changed: content_hash is now ${hash}, the packet holds ${ref.content_hash}`);
    }
  }
  if (reasons.length > 0) {
    return {
      ref,
      reasons,
      details,
      ...(live_content_hash ? { live_content_hash } : {}),
      ...(successor ? { successor } : {}),
    };
  }
  const got = await client.get({ uri: ref.uri, disclosure: ["body"] }, call);
  const data = got.data as { body?: string; content_hash: string };
  if (data.content_hash !== ref.content_hash) {
    // Changed between resolve and get: still the packet's rule, never the newer text.
    return {
      ref,
      reasons: ["changed"],
      details: [`changed: content_hash is now ${data.content_hash}, the packet holds ${ref.content_hash}`],
      live_content_hash: data.content_hash,
    };
  }
  return { ref, reasons, details, body: data.body ?? "" };
}

async function inOrderPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function refusal(c: Checked, extra: Partial<Refusal> = {}): Refusal {
  const ordered = PRIORITY.filter((r) => c.reasons.includes(r));
  return {
    uri: c.ref.uri,
    title: c.ref.title,
    reason: ordered[0] ?? "budget",
    reasons: ordered,
    detail: c.details.join("; "),
    content_hash: c.ref.content_hash,
    ...(c.live_content_hash ? { live_content_hash: c.live_content_hash } : {}),
    ...(c.successor ? { successor: c.successor } : {}),
    ...extra,
  };
}

/** The longest in-order prefix of `sections` whose joined text is within `budget` tokens (measured, not summed). */
async function fitPrefix(
  sections: readonly string[],
  budget: number,
): Promise<{ count: number; tokens: number }> {
  const each = await Promise.all(sections.map((s) => measureTokens(s)));
  let count = 0;
  let sum = 0;
  while (count < sections.length && sum + (each[count] ?? 0) <= budget) sum += each[count++] ?? 0;
  // Token merges at the joins can move the real count either way: settle it on the actual text.
  let tokens = await measureTokens(sections.slice(0, count).join("\n"));
  while (count > 0 && tokens > budget) tokens = await measureTokens(sections.slice(0, --count).join("\n"));
  while (count < sections.length) {
    const more = await measureTokens(sections.slice(0, count + 1).join("\n"));
    if (more > budget) break;
    count++;
    tokens = more;
  }
  return { count, tokens };
}

export async function admit(packet: unknown, options: AdmitOptions): Promise<Admission> {
  const fn = "admit";
  if (typeof options !== "object" || options === null || typeof options.client?.resolve !== "function") {
    throw new OddkitAgentOptionsError(
      fn,
      "client",
      "pass { client, scope, budgetTokens }: a client of the live server.",
    );
  }
  const parsedScope = parseScope(options.scope);
  if (options.scope === undefined || !parsedScope.ok) {
    throw new OddkitAgentOptionsError(
      fn,
      "scope",
      options.scope === undefined
        ? "pass the caller's scope (a filter set, {} for the default kinds); admission checks against it, never against the packet's."
        : `scope is not a filter set: ${(parsedScope as { issues: string[] }).issues.join("; ")}`,
    );
  }
  const scope = parsedScope.scope;
  const budgetTokens = checkBudget(fn, options.budgetTokens);
  const concurrency = checkConcurrency(fn, options.concurrency);
  const checked = await checkPacket(packet);
  checkScope(checked, scope);

  const { client } = options;
  const call: CallOptions = { cache: false, ...(options.signal ? { signal: options.signal } : {}) };
  const [live, inScope] = await Promise.all([client.version(), scopeUris(client, scope)]);
  const results = await inOrderPool(checked.execution.selected, concurrency, (ref) =>
    recheck(client, ref, inScope, call),
  );

  const passing = results.filter((r) => r.reasons.length === 0);
  const sections = passing.map((r) => renderItem({ uri: r.ref.uri, title: r.ref.title, body: r.body ?? "" }));
  const fit = await fitPrefix(sections, budgetTokens);
  const sectionTokens = await Promise.all(sections.map((s) => measureTokens(s)));
  const entered: Entered[] = [];
  const outOfBudget = new Map<string, Refusal>();
  passing.forEach((r, i) => {
    const tokens = sectionTokens[i] ?? 0;
    if (i < fit.count) {
      entered.push({
        uri: r.ref.uri,
        title: r.ref.title,
        content_hash: r.ref.content_hash,
        rank_origin: r.ref.rank_origin,
        tokens,
      });
    } else {
      outOfBudget.set(
        r.ref.uri,
        refusal(
          { ...r, reasons: [] },
          {
            reason: "budget",
            reasons: ["budget"],
            tokens,
            detail: `passed every check, but the evidence before it already takes ${fit.tokens} of ${budgetTokens} tokens and its section takes ${tokens}`,
          },
        ),
      );
    }
  });
  const refused = results.flatMap((r) =>
    r.reasons.length > 0
      ? [refusal(r)]
      : outOfBudget.has(r.ref.uri)
        ? [outOfBudget.get(r.ref.uri) as Refusal]
        : [],
  );
  const total = checked.execution.selected.length;
  return {
    schema: ADMISSION_SCHEMA,
    packet: { request_identity: checked.request_identity, execution_identity: checked.execution_identity },
    scope,
    source: {
      packet: {
        server_version: checked.execution.server_version,
        knowledge_base_revision: checked.execution.knowledge_base_revision,
      },
      live,
    },
    status: entered.length === total ? "admitted" : entered.length > 0 ? "partial" : "refused",
    entered,
    refused,
    budget: { budgetTokens, tokens: fit.tokens },
    prompt: sections.slice(0, fit.count).join("\n"),
  };
}
