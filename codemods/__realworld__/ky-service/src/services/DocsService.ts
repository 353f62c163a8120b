import { OddkitHttp } from "./oddkit-http";

export interface DocSummary {
  uri: string;
  title: string;
  tier: number | null;
}

export class DocsService extends OddkitHttp {
  /** Canon governance index: tier 1 and 2 canon documents, by path. */
  async governanceIndex(): Promise<DocSummary[]> {
    const result = await this.call("oddkit_catalog", { sort_by: "path", limit: 500, include_metadata: true });
    return result.articles
      .filter((a: any) => a.metadata.audience === "canon" && [1, 2].includes(a.metadata.tier))
      .map((a: any) => ({ uri: a.uri, title: a.title, tier: a.metadata.tier ?? null }));
  }

  /** Quick lookup for the command palette. */
  async quickFind(query: string): Promise<Array<{ uri: string; title: string }>> {
    const { hits } = await this.call("oddkit_search", { input: query });
    return hits.map((h: any) => ({ uri: h.uri, title: h.title }));
  }
}
