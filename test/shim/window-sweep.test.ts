/**
 * The deprecation window as the ledger defines it: the legacy envelope
 * opt-in lives from N (0.30.0) to N+2 minors, or N+3 when the window is
 * extended, and it is a function of the server's version. Swept over the
 * eras N−1, N, N+1, N+2, N+3 and a pre-release of N, for window lengths 2 and
 * 3, through every entry point: era detection, the reference server,
 * withShims, createLegacyCompat (call, its MCP-shaped callTool and the HTTP
 * endpoint createLegacyCompatServer serves), and the edge proxy.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { createOddkitClient } from "../../src/client/index.js";
import { legacyOptInRefusal } from "../../src/contract/version-window.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { createLegacyCompat } from "../../src/shim/backward/compat.js";
import { createLegacyCompatServer } from "../../src/shim/backward/server.js";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";
import {
  checkWindowMinors,
  detectEra,
  detectEraFrom,
  type Era,
  EraDetectionError,
  windowEnd,
} from "../../src/shim/era.js";
import { createOddkitProxy } from "../../src/shim/proxy.js";
import { withShims } from "../../src/shim/with-shims.js";
import { callerOf, fixtureCorpus } from "./harness.js";

const VERSIONS = {
  "N-1": "0.29.4",
  N: "0.30.0",
  "N+1": "0.31.2",
  "N+2": "0.32.0",
  "N+3": "0.33.0",
  "pre-release of N": "0.30.0-rc.1",
} as const;
type Label = keyof typeof VERSIONS;

const EXPECTED: Record<2 | 3, Record<Label, Era>> = {
  2: {
    "N-1": "pre-contract",
    N: "window",
    "N+1": "window",
    "N+2": "post-window",
    "N+3": "post-window",
    "pre-release of N": "pre-contract",
  },
  3: {
    "N-1": "pre-contract",
    N: "window",
    "N+1": "window",
    "N+2": "window",
    "N+3": "post-window",
    "pre-release of N": "pre-contract",
  },
};

const sweep = ([2, 3] as const).flatMap((windowMinors) =>
  (Object.keys(VERSIONS) as Label[]).map((label) => ({
    label,
    version: VERSIONS[label],
    windowMinors,
    era: EXPECTED[windowMinors][label],
  })),
);
const name = "%s (window %s)";
const rows = sweep.map((r) => [r.label, r.windowMinors, r] as const);

const open: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  await Promise.all(open.map((o) => o.close()));
  resetLegacyUsage();
});

/** The server a version would be: legacy shape before N, the contract (opt-in by version) from N on. */
async function serverFor(version: string, windowMinors: number, era: Era): Promise<ReferenceServer> {
  const server = await createReferenceServer({
    corpus: await fixtureCorpus(),
    mode: era === "pre-contract" ? "legacy" : "contract",
    version,
    windowMinors,
  });
  open.push(server);
  return server;
}

describe("era detection", () => {
  it.each(rows)(name, (_l, windowMinors, r) => {
    expect(detectEra(r.version, { windowMinors })).toBe(r.era);
    expect(detectEraFrom({ oddkitVersion: r.version }, { windowMinors })).toBe(r.era);
  });

  it("the window end moves with the length, N does not", () => {
    expect(windowEnd()).toBe("0.32.0");
    expect(windowEnd(undefined, 3)).toBe("0.33.0");
    expect(() => checkWindowMinors(4)).toThrow(EraDetectionError);
    expect(() => detectEra("0.31.0", { windowMinors: 1 })).toThrow(/2 minors after N, or 3/);
  });
});

describe("the reference server: the opt-in follows its version", () => {
  it.each(rows)(name, async (_l, windowMinors, r) => {
    // In contract shape at every version, to show the rule itself (a real server below N has no contract).
    const server = await createReferenceServer({
      corpus: await fixtureCorpus(),
      version: r.version,
      windowMinors,
    });
    open.push(server);
    const answer = await server.callTool("oddkit_catalog", { include_legacy_envelope: true, limit: 2 });
    const result = JSON.parse(answer.content[0]!.text).result as Record<string, unknown>;
    if (r.era === "window") {
      expect(answer.isError).toBeFalsy();
      expect(result).toHaveProperty("categories");
    } else {
      expect(answer.isError).toBe(true);
      expect(result.error_code).toBe("INVALID_PARAMS");
      const removal =
        r.era === "post-window"
          ? `removed in ${windowEnd(undefined, windowMinors)}`
          : "predates the contract";
      expect(JSON.stringify(result)).toContain(removal);
    }
    expect(legacyOptInRefusal(r.version, { windowMinors }) === null).toBe(r.era === "window");
    // the contract answer itself never depends on the opt-in
    const plain = await server.callTool("oddkit_catalog", { limit: 2 });
    expect(plain.isError).toBeFalsy();
  });
});

describe("withShims", () => {
  it.each(rows)(name, async (_l, windowMinors, r) => {
    const server = await serverFor(r.version, windowMinors, r.era);
    const client = createOddkitClient({ server, countTokens: false, cache: false });
    open.push(client);
    const shimmed = withShims(client, { era: { windowMinors } });
    expect(await shimmed.era()).toBe(r.era);
    const page = await shimmed.catalog({ limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.meta.emulated).toBe(r.era === "pre-contract");
  });
});

describe("createLegacyCompat (call, callTool, HTTP endpoint): passthrough, the server's own envelope, or synthesis", () => {
  const PATH: Record<Era, string> = {
    "pre-contract": "passthrough",
    window: "window",
    "post-window": "synthesised",
  };

  it.each(rows)(name, async (_l, windowMinors, r) => {
    const server = await serverFor(r.version, windowMinors, r.era);
    const legacy = await createReferenceServer({ corpus: server.corpus, mode: "legacy" });
    open.push(legacy);
    const compat = createLegacyCompat(
      { callTool: callerOf(server) },
      { legacyPolicy: "silent", era: { windowMinors } },
    );
    expect(await compat.era()).toBe(r.era);
    const args = { sort_by: "path", limit: 500 };
    const envelope = await compat.call("oddkit_catalog", args);
    expect(compat.lastCall?.path).toBe(PATH[r.era]);
    if (r.era !== "post-window") expect(compat.lastCall?.serverCalls).toBe(1);
    else expect(compat.lastCall?.serverCalls).toBeGreaterThan(1);
    const expected = JSON.parse((await legacy.callTool("oddkit_catalog", args)).content[0]!.text).result;
    expect(envelope.result).toEqual(expected);

    // The MCP-shaped entry (what createLegacyCompatServer serves) answers the same way.
    const reply = await compat.callTool({ name: "oddkit_catalog", arguments: args });
    expect(JSON.parse(reply.content[0]!.text).result).toEqual(expected);
    expect(compat.lastCall?.path).toBe(PATH[r.era]);

    // And so does the HTTP endpoint, through the official MCP SDK client.
    const endpoint = createLegacyCompatServer(compat, { jsonResponse: true });
    open.push(endpoint);
    const mcp = new Client({ name: "window-sweep", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL("http://compat.test/mcp"), {
        fetch: (url, init) => endpoint.fetch(new Request(url, init)),
      }),
    );
    open.push(mcp);
    const overHttp = await mcp.callTool({ name: "oddkit_catalog", arguments: args });
    const text = (overHttp.content as { text: string }[])[0]!.text;
    expect(JSON.parse(text).result).toEqual(expected);
    expect(compat.lastCall?.path).toBe(PATH[r.era]);
  });
});

describe("the edge proxy passes the opt-in through to a server that decides by its version", () => {
  it.each(rows.filter(([, , r]) => r.era !== "pre-contract"))(name, async (_l, windowMinors, r) => {
    const server = await serverFor(r.version, windowMinors, r.era);
    const proxy = createOddkitProxy({
      upstream: "http://upstream.test/mcp",
      fetch: (q) => server.fetch(q),
      cache: false,
    });
    const client = createOddkitClient({
      url: "http://edge.test/mcp",
      fetch: proxy,
      countTokens: false,
      cache: false,
    });
    open.push(client);
    const call = client.catalog({ limit: 2, include_legacy_envelope: true });
    if (r.era === "window") await expect(call).resolves.toHaveProperty("categories");
    else await expect(call).rejects.toThrow(`removed in ${windowEnd(undefined, windowMinors)}`);
  });
});
