/**
 * The legacy doc-listing call, measured as the klappy.dev edge function made
 * it: `oddkit_catalog` with `sort_by: "path"` (so every article carries its
 * whole frontmatter), every page at the maximum limit of 500.
 */

import { byteLength } from "../bytes.js";
import type { ToolConnection } from "../caller/caller.js";
import { extractResult, KINDS, LEGACY_OPT_IN_PARAM, toolNameFor } from "../contract/index.js";
import { LEGACY_CATALOG_MAX_LIMIT } from "../legacy/catalog.js";
import { countTokens } from "../tokens.js";

export const LEGACY_LISTING_TOOL = toolNameFor("catalog");
export const LEGACY_PAGE_LIMIT = LEGACY_CATALOG_MAX_LIMIT;
const MAX_PAGES = 200;

export type LegacyMeasurement =
  | {
      readonly available: true;
      readonly tool: typeof LEGACY_LISTING_TOOL;
      /** Arguments of the first page (later pages add `offset`). */
      readonly arguments: Record<string, unknown>;
      /** `legacy`: the server answers the legacy shape; `window`: only through `include_legacy_envelope: true`. */
      readonly surface: "legacy" | "window";
      readonly pages: number;
      readonly documents: number;
      readonly bytes: number;
      readonly tokens: number;
      readonly tokensPerDocument: number;
    }
  | { readonly available: false; readonly reason: string };

/** The text item of a CallToolResult (what the client and the telemetry count). */
export function toolResultText(response: unknown): string {
  const content = (response as { content?: unknown })?.content;
  const item = Array.isArray(content) ? (content[0] as { type?: unknown; text?: unknown }) : undefined;
  if (item && item.type === "text" && typeof item.text === "string") return item.text;
  return JSON.stringify(response);
}

export async function measureLegacyCall(
  caller: ToolConnection | null,
  why?: string,
): Promise<LegacyMeasurement> {
  if (caller === null) return { available: false, reason: why ?? "no legacy surface to call" };
  const base = { sort_by: "path", limit: LEGACY_PAGE_LIMIT };
  for (const surface of ["legacy", "window"] as const) {
    const args: Record<string, unknown> =
      surface === "window"
        ? // The window's legacy fields follow the contract's kind set: ask for all five kinds, as legacy listed everything.
          { ...base, include: [...KINDS], [LEGACY_OPT_IN_PARAM]: true }
        : base;
    let pages = 0;
    let documents = 0;
    let bytes = 0;
    let tokens = 0;
    let offset = 0;
    let shapeOk = true;
    while (pages < MAX_PAGES) {
      let response: unknown;
      try {
        response = await caller.call(LEGACY_LISTING_TOOL, offset === 0 ? args : { ...args, offset });
      } catch (error) {
        return { available: false, reason: `${LEGACY_LISTING_TOOL} failed: ${(error as Error).message}` };
      }
      const { result } = extractResult(response);
      const articles = result?.articles;
      if (!Array.isArray(articles)) {
        shapeOk = false;
        break;
      }
      const text = toolResultText(response);
      pages++;
      documents += articles.length;
      bytes += byteLength(text);
      tokens += await countTokens(text);
      const pagination = result?.pagination as { has_more?: unknown } | undefined;
      if (pagination?.has_more !== true || articles.length === 0) break;
      offset += articles.length;
    }
    if (shapeOk) {
      return {
        available: true,
        tool: LEGACY_LISTING_TOOL,
        arguments: args,
        surface,
        pages,
        documents,
        bytes,
        tokens,
        tokensPerDocument: documents > 0 ? tokens / documents : 0,
      };
    }
  }
  return {
    available: false,
    reason: `the server offers no legacy doc-listing surface: ${LEGACY_LISTING_TOOL} with sort_by "path" returns no \`articles\`, with or without ${LEGACY_OPT_IN_PARAM}: true`,
  };
}
