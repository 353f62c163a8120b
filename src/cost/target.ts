/**
 * Where the cost is measured. Embedded (default): the same corpus served
 * twice in one process, by a legacy-mode server (the baseline) and a
 * contract-mode server (the use cases). A URL: the use cases over HTTP, and
 * the legacy call against whatever legacy surface that server still offers.
 */
import { callerForServer, callerForUrl, type ToolConnection } from "../caller/caller.js";
import type { KindMap } from "../contract/index.js";
import { loadCorpus, sampleCorpusDir } from "../corpus/index.js";
import type { Corpus } from "../corpus/types.js";
import { createReferenceServer, type ReferenceServer } from "../server/index.js";

export interface CostTarget {
  /** MCP endpoint of a live server. */
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Embedded: a corpus folder or a loaded corpus (default: the bundled sample corpus). */
  readonly corpus?: string | Corpus;
  readonly kindMap?: KindMap;
  /** Embedded: an existing contract- or window-mode reference server (its corpus is also served legacy). */
  readonly server?: ReferenceServer;
}

export interface OpenCostTarget {
  readonly label: string;
  readonly corpus?: Corpus;
  readonly legacyCaller: ToolConnection | null;
  readonly clientOptions:
    | { url: string; headers?: Readonly<Record<string, string>> }
    | { server: ReferenceServer };
  close(): Promise<void>;
}

export async function openCostTarget(target: CostTarget): Promise<OpenCostTarget> {
  if (target.url !== undefined) {
    const legacyCaller = await callerForUrl(target.url, target.headers ? { headers: target.headers } : {});
    return {
      label: target.url,
      legacyCaller,
      clientOptions: { url: target.url, ...(target.headers ? { headers: target.headers } : {}) },
      close: () => legacyCaller.close(),
    };
  }
  const corpus =
    target.server?.corpus ??
    (typeof target.corpus === "object"
      ? target.corpus
      : await loadCorpus(
          target.corpus ?? sampleCorpusDir(),
          target.kindMap ? { kindMap: target.kindMap } : {},
        ));
  const legacy = await createReferenceServer({ corpus, mode: "legacy" });
  const contract = target.server ?? (await createReferenceServer({ corpus, mode: "contract" }));
  return {
    label: `embedded server on ${corpus.root || "in-memory corpus"} (${corpus.documents.length} documents)`,
    corpus,
    legacyCaller: callerForServer(legacy),
    clientOptions: { server: contract },
    async close() {
      await legacy.close();
      if (!target.server) await contract.close();
    },
  };
}
