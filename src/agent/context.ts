/**
 * `buildContext(client, task, options)`: what an agent reads before a task,
 * as a navigable link set over `preflight`.
 *
 * - required (constraints, definition of done) are followed eagerly and
 *   delivered inline: a requirement has no "when";
 * - suggested (start here, relevant) stay links with their fetch guidance
 *   (the blockquote), for the agent to follow or not;
 * - `includeAll: true` also inlines the suggested documents, for harnesses
 *   that ignore fetch instructions;
 * - everything within one token budget; what does not fit stays a link with
 *   the reason, and `complete` says whether every required document is inline.
 *
 * The result is one object; `renderContext` gives it as Markdown (for a
 * model) or JSON (for a program).
 */
import type { ServerVersion } from "../client/types.js";
import type { Filters, PreflightRole } from "../contract/index.js";
import { checkBudget, checkConcurrency } from "./bounds.js";
import { type Delivered, deliver, type Unexpanded } from "./deliver.js";
import { OddkitAgentOptionsError } from "./errors.js";
import { walkLinks } from "./expand.js";
import { renderItem } from "./render-item.js";
import type { AgentClient, Link } from "./types.js";

/** The budget when none is given: the harness budget of the links-not-bodies ADR. */
export const DEFAULT_CONTEXT_BUDGET = 32_000;

/** Roles delivered inline; every other role is suggested. */
export const REQUIRED_ROLES: readonly PreflightRole[] = ["constraint", "definition_of_done"];

export interface ContextOptions {
  /** cl100k tokens for the inline documents (default DEFAULT_CONTEXT_BUDGET). */
  readonly budgetTokens?: number;
  /** Inline the suggested documents too, within the budget (default false). */
  readonly includeAll?: boolean;
  /** Structural filters for the preflight call (the slice of the corpus the context may come from). */
  readonly filters?: Filters;
  /** Bodies fetched at once (1–16, default 4). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
}

export interface AgentContext {
  readonly schema: "oddkit-context/1";
  readonly task: string;
  /** The preflight request the context was built from. */
  readonly request: Readonly<Record<string, unknown>>;
  readonly source: ServerVersion;
  readonly bounds: { readonly budgetTokens: number; readonly includeAll: boolean };
  /** Documents delivered inline: required ones first, then (includeAll) suggested ones, each in bundle order. */
  readonly inline: Delivered[];
  /** Every other document of the bundle, in bundle order, with why it is a link (`suggested`, `budget`, `not-found`). */
  readonly links: Unexpanded[];
  /** cl100k tokens of the inline sections (never above the budget). */
  readonly tokens: number;
  /** Documents in the preflight bundle (inline + links). */
  readonly total: number;
  /** Every required document is inline. */
  readonly complete: boolean;
}

export async function buildContext(
  client: AgentClient,
  task: string,
  options: ContextOptions = {},
): Promise<AgentContext> {
  const fn = "buildContext";
  if (typeof task !== "string" || task.trim() === "") {
    throw new OddkitAgentOptionsError(fn, "task", "describe the task in a non-empty string.");
  }
  const budgetTokens = checkBudget(fn, options.budgetTokens ?? DEFAULT_CONTEXT_BUDGET);
  const concurrency = checkConcurrency(fn, options.concurrency);
  const includeAll = options.includeAll === true;
  const request = { ...(options.filters ?? {}), task, disclosure: ["blockquote"] };
  const [source, all] = await Promise.all([client.version(), walkLinks(client, "preflight", request)]);

  const isRequired = (l: Link) => l.role !== undefined && REQUIRED_ROLES.includes(l.role);
  const required = all.filter(isRequired);
  const suggested = all.filter((l) => !isRequired(l));
  const signal = options.signal ? { signal: options.signal } : {};
  const bounds = { max: Number.POSITIVE_INFINITY, budgetTokens, concurrency, ...signal };

  const first = await deliver(client, required, bounds);
  const links: Unexpanded[] = [...first.unexpanded];
  const inline: Delivered[] = [...first.delivered];
  let tokens = first.tokens;
  if (includeAll) {
    const second = await deliver(client, suggested, { ...bounds, alreadyUsed: tokens });
    inline.push(...second.delivered);
    links.push(...second.unexpanded);
    tokens += second.tokens;
  } else {
    for (const link of suggested) {
      links.push({
        ...link,
        reason: "suggested",
        detail:
          typeof link.guidance === "string"
            ? `follow when: ${link.guidance}`
            : `suggested by preflight (${link.role ?? "relevant"}); it has no blockquote to say when to follow it`,
      });
    }
  }
  links.sort((a, b) => a.origin.rank - b.origin.rank);
  return {
    schema: "oddkit-context/1",
    task,
    request,
    source,
    bounds: { budgetTokens, includeAll },
    inline,
    links,
    tokens,
    total: all.length,
    complete: first.unexpanded.length === 0,
  };
}

/** One context, two renderings: Markdown for a model, JSON for a program. */
export function renderContext(context: AgentContext, format: "markdown" | "json" = "markdown"): string {
  if (format === "json") return `${JSON.stringify(context, null, 2)}\n`;
  const lines: string[] = [`# Context for: ${context.task}`, ""];
  const revision = context.source.knowledge_base_revision?.slice(0, 12) ?? "unknown";
  lines.push(
    `oddkit ${context.source.server_version}, knowledge base ${revision}: ${context.inline.length} documents inline (${context.tokens} of ${context.bounds.budgetTokens} cl100k tokens), ${context.links.length} as links.`,
  );
  const missing = context.links.filter(
    (l) => l.reason !== "suggested" && l.role && REQUIRED_ROLES.includes(l.role),
  );
  if (!context.complete) {
    lines.push(
      "",
      `INCOMPLETE: ${missing.length} required document(s) are not inline (listed under Links with the reason). Fetch them before acting.`,
    );
  }
  for (const item of context.inline)
    lines.push("", renderItem(item).trimEnd(), "", `(role: ${item.role ?? "relevant"})`);
  if (context.links.length > 0) {
    lines.push(
      "",
      "## Links",
      "",
      "Fetch a link with get when its guidance applies to what you are doing.",
      "",
    );
    for (const link of context.links) {
      const role = link.role ?? "relevant";
      const why = link.reason === "suggested" ? link.detail : `NOT INLINE (${link.reason}): ${link.detail}`;
      lines.push(`- [${link.title}](${link.uri}) (${role}): ${why}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
