import { OddkitHttp } from "./oddkit-http";

/** Tracks document revisions for the editor's "changed since you opened it" banner. */
export class RevisionService extends OddkitHttp {
  async revisionOf(uri: string): Promise<string | null> {
    const doc = await this.call("oddkit_get", { input: uri });
    if (doc.error) return null;
    return doc.content_hash;
  }

  async changedSince(uri: string, seenHash: string): Promise<boolean> {
    const current = await this.revisionOf(uri);
    return current !== null && current !== seenHash;
  }
}
