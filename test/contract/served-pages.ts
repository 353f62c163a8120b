/**
 * Answers of the reference server over the sample corpus, as the raw text a
 * client receives: the pages the compliance tests judge (and then corrupt).
 * Registers its own beforeAll/afterAll; read the array inside tests.
 */
import { afterAll, beforeAll } from "vitest";
import { type Action, toolNameFor } from "../../src/contract/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

type Json = Record<string, unknown>;

export interface ServedPage {
  readonly action: Action;
  readonly params: Json;
  readonly text: string;
}

export function servedPages(requests: readonly { action: Action; params: Json }[]): ServedPage[] {
  const pages: ServedPage[] = [];
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await createReferenceServer();
    for (const r of requests) {
      const raw = await server.callTool(toolNameFor(r.action), r.params);
      pages.push({ ...r, text: (raw.content[0] as { text: string }).text });
    }
  });
  afterAll(() => server?.close());
  return pages;
}
