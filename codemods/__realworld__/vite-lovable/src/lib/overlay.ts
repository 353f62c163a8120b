import { oddkit } from "@/lib/oddkit";

export interface OverlayResults {
  ours: { title: string; uri: string }[];
  upstream: { title: string; uri: string }[];
}

/**
 * The "from our handbook / from the oddkit baseline" split on the search page:
 * grouped mode answers the two lists separately.
 */
export async function loadOverlayResults(query: string): Promise<OverlayResults> {
  const result = await oddkit("search", query, { result_grouping: "grouped" });
  const pick = (h: { title: string; uri: string }) => ({ title: h.title, uri: h.uri });
  return {
    ours: (result.overlay_hits ?? []).map(pick),
    upstream: (result.baseline_hits ?? []).map(pick),
  };
}
