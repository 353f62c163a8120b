/**
 * MIGRATION.md tells Node users to serve the shims' Web `fetch` handlers
 * (`createLegacyCompatServer`, `createForwardShimServer`) with `listenWith`,
 * so `oddkit-sdk/server` must export it.
 */
import { describe, expect, it } from "vitest";
import { listenWith } from "../../src/server/index.js";

describe("listenWith (oddkit-sdk/server)", () => {
  it("serves any Web fetch handler over node:http on 127.0.0.1", async () => {
    const listening = await listenWith(
      async (request) => new Response(`seen ${new URL(request.url).pathname}`),
      {
        port: 0,
      },
    );
    try {
      expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      const response = await fetch(new URL("/mcp", listening.url));
      expect(await response.text()).toBe("seen /mcp");
    } finally {
      await listening.close();
    }
  });
});
