/**
 * A reference server and a real client connected to it in memory, opened
 * before a test file's tests and closed after them, for tests that exercise
 * library code end to end against a compliant server.
 */
import { afterAll, beforeAll } from "vitest";
import { createOddkitClient, type OddkitClient, type OddkitClientOptions } from "../../src/client/index.js";
import {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from "../../src/server/index.js";

export interface ReferenceClient {
  /** The server; reading it before the file's `beforeAll` has run throws. */
  readonly server: ReferenceServer;
  /** A client connected to `server`; reading it before the file's `beforeAll` has run throws. */
  readonly client: OddkitClient;
}

/** Registers the hooks that open and close the pair; call at the top of a test file or describe. */
export function useReferenceClient(
  serverOptions: ReferenceServerOptions,
  clientOptions: Omit<OddkitClientOptions, "server" | "url"> = {},
): ReferenceClient {
  let opened: { server: ReferenceServer; client: OddkitClient } | undefined;
  const current = () => {
    if (!opened)
      throw new Error("useReferenceClient: the reference server is read before beforeAll opened it");
    return opened;
  };
  beforeAll(async () => {
    const server = await createReferenceServer(serverOptions);
    opened = { server, client: createOddkitClient({ ...clientOptions, server }) };
  });
  afterAll(async () => {
    if (!opened) return;
    await opened.client.close();
    await opened.server.close();
  });
  return {
    get server() {
      return current().server;
    },
    get client() {
      return current().client;
    },
  };
}
