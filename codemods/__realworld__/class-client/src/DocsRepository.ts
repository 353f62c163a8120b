import { OddkitApi } from "./OddkitApi";

export interface DocRecord {
  uri: string;
  title: string;
  hash: string;
}

/** Repository over oddkit for the docs tooling: titles and revisions of known documents. */
export class DocsRepository extends OddkitApi {
  async find(uri: string): Promise<DocRecord | null> {
    const resolved = await this.call("oddkit_resolve", { input: uri });
    if (resolved.result.status !== "FOUND") return null;
    const { uri: canonical, title, content_hash } = resolved.result.resolved;
    return { uri: canonical, title, hash: content_hash };
  }

  async titles(uris: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const uri of uris) {
      const record = await this.find(uri);
      if (record) out[uri] = record.title;
    }
    return out;
  }

  async sourceFile(uri: string): Promise<string | null> {
    const envelope = await this.call("oddkit_get", { input: uri });
    return envelope.result.error ? null : envelope.result.path;
  }
}
