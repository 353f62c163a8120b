/**
 * runConformance: the contract's 11 checks against any server — a live URL,
 * an embedded reference server in any mode, or a typed client's raw
 * passthrough. Check 11 is measured with the token-cost workload.
 */

import {
  callerForClient,
  callerForServer,
  callerForUrl,
  type PassthroughClient,
  type ToolConnection,
  type ToolServer,
} from "../caller/caller.js";
import type { KindMap } from "../contract/index.js";
import { loadCorpus, sampleCorpusDir } from "../corpus/index.js";
import type { Corpus } from "../corpus/types.js";
import { createReferenceServer, type ReferenceServer, type ServerMode } from "../server/index.js";
import { type ConformanceReport, runSuite, type TokenWorkload } from "./run.js";
import { settleCost, workloadFromCost } from "./workload.js";

export interface ConformanceOptions {
  /** MCP endpoint of a live server. */
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** An embedded server (its corpus becomes the ground truth when it exposes one). */
  readonly server?: ToolServer & { readonly corpus?: Corpus };
  /** A typed client: judged through its raw `callTool` passthrough only. */
  readonly client?: PassthroughClient;
  /** Embedded (default): serve this corpus (folder or loaded; default the bundled sample corpus)… */
  readonly corpus?: string | Corpus;
  /** …in this mode (default contract). */
  readonly mode?: ServerMode;
  readonly kindMap?: KindMap;
  /** Documents the server serves, to check filters, totals and kinds exactly (automatic when embedded). */
  readonly groundTruth?: Corpus;
  /** Check 11: measured with the cost workload by default; pass figures, or false to skip it. */
  readonly workload?: TokenWorkload | false;
  readonly maxFailuresPerCheck?: number;
}

export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const given = [options.url, options.server, options.client].filter((x) => x !== undefined).length;
  if (given > 1)
    throw new TypeError(
      "runConformance: give one of url, server or client (or none for the embedded server)",
    );
  let caller: ToolConnection;
  let target: string;
  let groundTruth = options.groundTruth;
  let owned: ReferenceServer | null = null;
  let measure: (() => Promise<TokenWorkload>) | null = null;

  if (options.url !== undefined) {
    caller = await callerForUrl(options.url, options.headers ? { headers: options.headers } : {});
    target = options.url;
    const url = options.url;
    measure = async () =>
      workloadFromCost(await settleCost({ url, ...(options.headers ? { headers: options.headers } : {}) }));
  } else if (options.client !== undefined) {
    caller = callerForClient(options.client);
    target = "typed client passthrough";
  } else {
    let server: ToolServer & { corpus?: Corpus };
    if (options.server !== undefined) {
      server = options.server;
      target = "embedded server";
    } else {
      const corpus =
        typeof options.corpus === "object"
          ? options.corpus
          : await loadCorpus(
              options.corpus ?? sampleCorpusDir(),
              options.kindMap ? { kindMap: options.kindMap } : {},
            );
      owned = await createReferenceServer({ corpus, mode: options.mode ?? "contract" });
      server = owned;
      target = `embedded ${owned.mode} server on ${corpus.root || "in-memory corpus"} (${corpus.documents.length} documents)`;
    }
    caller = callerForServer(server);
    groundTruth ??= server.corpus;
    if (isReferenceServer(server)) {
      const ref = server;
      measure = async () => workloadFromCost(await settleCost({ server: ref }));
    }
  }

  try {
    const workload =
      options.workload === false
        ? undefined
        : (options.workload ??
          (measure
            ? await measure()
            : { unavailable: "no workload measurement for this target; pass workload figures" }));
    return await runSuite({
      caller,
      target,
      ...(groundTruth ? { groundTruth } : {}),
      ...(workload ? { workload } : {}),
      ...(options.maxFailuresPerCheck !== undefined
        ? { maxFailuresPerCheck: options.maxFailuresPerCheck }
        : {}),
    });
  } finally {
    await caller.close();
    await owned?.close();
  }
}

function isReferenceServer(server: ToolServer & { corpus?: Corpus }): server is ReferenceServer {
  return (
    server.corpus !== undefined &&
    typeof (server as { connectInMemory?: unknown }).connectInMemory === "function"
  );
}
