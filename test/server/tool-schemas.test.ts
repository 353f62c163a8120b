/**
 * Honest tool schemas, checked through the official MCP SDK client against
 * `oddkit-sdk serve` (in-process, free port, Streamable HTTP):
 * - each action's `disclosure` enum is exactly what the server accepts: every
 *   listed flag is answered, every unlisted flag is refused DISCLOSURE_FLAG_NOT_PERMITTED;
 * - `limit.maximum` is the real ceiling: that limit is answered, one more is
 *   refused LIMIT_EXCEEDS_FLAG_CAP;
 * - every tool declares an `outputSchema`, successful calls return
 *   `structuredContent` equal to the text envelope, and the SDK client
 *   validates it against the schema (it throws on a mismatch); the schema is
 *   strict enough to reject a wrong answer; errors carry no structuredContent.
 * Expected values come from calling the server, not from restating the contract.
 */
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIONS, type Action, FLAGS, type Flag } from "../../src/contract/index.js";
import { envelopeOf, subsets } from "./helpers.js";
import { type Running, serve } from "./serve-in-process.js";

const CORPUS = resolve("test/fixtures/corpora/odd-frontmatter");

type Tool = Awaited<ReturnType<Client["listTools"]>>["tools"][number];
type Props = Record<string, { items?: { enum?: string[] }; maximum?: number }>;

const many = (action: Action) => action === "search" || action === "catalog" || action === "preflight";

function argsFor(action: Action, uri: string): Record<string, unknown> {
  if (action === "search") return { input: "principle rule" };
  if (action === "preflight") return { input: "write a principle" };
  if (action === "catalog") return {};
  return { input: uri };
}

describe.each(["contract", "window"] as const)("serve --mode %s: tool schemas", (mode) => {
  let running: Running;
  let client: Client;
  let tools: Tool[];
  let uri: string;

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const errorCode = async (name: string, args: Record<string, unknown>) => {
    const answer = await call(name, args);
    expect(answer.isError, `${name} ${JSON.stringify(args)} should be refused`).toBe(true);
    expect(answer.structuredContent).toBeUndefined();
    return envelopeOf(answer).result.error_code;
  };

  beforeAll(async () => {
    running = await serve(["--corpus", CORPUS, "--port", "0", "--mode", mode]);
    client = new Client({ name: "tool-schemas-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    tools = (await client.listTools()).tools;
    const catalog = envelopeOf(await call("oddkit_catalog", {})).result.data as { uri: string }[];
    uri = catalog[0]!.uri;
  });

  afterAll(async () => {
    await client?.close();
    await running?.stop();
  });

  const tool = (name: string) => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(", ")}`);
    return found;
  };

  it.each(ACTIONS)("oddkit_%s lists exactly the disclosure flags the server accepts", async (action) => {
    const listed = (tool(`oddkit_${action}`).inputSchema.properties as Props).disclosure?.items?.enum;
    expect(listed?.length).toBeGreaterThan(0);
    for (const flag of FLAGS) {
      const args = { ...argsFor(action, uri), disclosure: [flag] };
      if (listed?.includes(flag)) expect((await call(`oddkit_${action}`, args)).isError, flag).toBeFalsy();
      else expect(await errorCode(`oddkit_${action}`, args), flag).toBe("DISCLOSURE_FLAG_NOT_PERMITTED");
    }
  });

  it.each(ACTIONS.filter(many))("oddkit_%s declares the real limit maximum", async (action) => {
    const maximum = (tool(`oddkit_${action}`).inputSchema.properties as Props).limit?.maximum;
    expect(maximum).toBeLessThan(10_000);
    expect((await call(`oddkit_${action}`, { ...argsFor(action, uri), limit: maximum })).isError).toBeFalsy();
    expect(await errorCode(`oddkit_${action}`, { ...argsFor(action, uri), limit: maximum! + 1 })).toBe(
      "LIMIT_EXCEEDS_FLAG_CAP",
    );
  });

  it("the unified tool lists the flags some action accepts and the same limit maximum", async () => {
    const props = tool("oddkit").inputSchema.properties as Props;
    const perAction = ACTIONS.flatMap(
      (a) => (tool(`oddkit_${a}`).inputSchema.properties as Props).disclosure?.items?.enum ?? [],
    );
    expect(new Set(props.disclosure?.items?.enum)).toEqual(new Set(perAction));
    expect(props.limit?.maximum).toBe((tool("oddkit_search").inputSchema.properties as Props).limit?.maximum);
  });

  it("every tool declares an outputSchema; answers at every permitted disclosure validate and equal the text", async () => {
    for (const t of tools) expect(t.outputSchema?.type, t.name).toBe("object");
    let validated = 0;
    for (const action of ACTIONS) {
      const listed = (tool(`oddkit_${action}`).inputSchema.properties as Props).disclosure!.items!
        .enum as Flag[];
      const optIn = mode === "window" ? [false, true] : [false];
      for (const disclosure of subsets(listed)) {
        for (const legacy of optIn) {
          const args = {
            ...argsFor(action, uri),
            disclosure,
            ...(legacy ? { include_legacy_envelope: true } : {}),
          };
          // The SDK client validates structuredContent against the tool's outputSchema and throws on a mismatch.
          for (const [name, a] of [
            [`oddkit_${action}`, args],
            ["oddkit", { action, ...args }],
          ] as const) {
            const answer = await call(name, a);
            expect(answer.isError, `${name} ${JSON.stringify(a)}`).toBeFalsy();
            expect(answer.structuredContent).toEqual(envelopeOf(answer));
            validated++;
          }
        }
      }
    }
    for (const name of ["oddkit_version", "oddkit"]) {
      const answer = await call(name, name === "oddkit" ? { action: "version" } : {});
      expect(answer.structuredContent).toEqual(envelopeOf(answer));
      validated++;
    }
    console.log(`tool schemas (${mode}): ${validated} structured answers validated by the SDK client`);
  });

  it("the outputSchema rejects answers the contract forbids", async () => {
    const validator = new AjvJsonSchemaValidator();
    const search = envelopeOf(
      await call("oddkit_search", { input: "principle rule", disclosure: ["summary"] }),
    );
    const check = validator.getValidator(tool("oddkit_search").outputSchema as never);
    expect(check(search).valid).toBe(true);
    const entries = search.result.data as Record<string, unknown>[];
    expect(entries.length).toBeGreaterThan(0);
    const withEntry = (entry: Record<string, unknown>) => ({
      ...search,
      result: { ...search.result, data: [entry, ...entries.slice(1)] },
    });
    const { uri: _uri, ...withoutUri } = entries[0]!;
    expect(check(withEntry({ ...entries[0], body: "full text" })).valid, "body on search").toBe(false);
    expect(check(withEntry(withoutUri)).valid, "no uri").toBe(false);
    expect(check(withEntry({ ...entries[0], extra: 1 })).valid, "unknown field").toBe(false);
    expect(check({ ...search, action: "catalog" }).valid, "another action").toBe(false);
  });

  it("errors carry isError and the envelope as text, without structuredContent", async () => {
    expect(await errorCode("oddkit_search", { input: "" })).toBe("INVALID_PARAMS");
    expect(await errorCode("oddkit_get", { input: "klappy://no/such/document" })).toBe("NOT_FOUND");
  });
});

describe("serve --mode legacy", () => {
  it("declares no outputSchema and returns no structuredContent, as the 0.28.x server did", async () => {
    const running = await serve(["--corpus", CORPUS, "--port", "0", "--mode", "legacy"]);
    const client = new Client({ name: "tool-schemas-test", version: "1" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const { tools } = await client.listTools();
      for (const t of tools) expect(t.outputSchema, t.name).toBeUndefined();
      const answer = await client.callTool({ name: "oddkit_search", arguments: { input: "principle" } });
      expect(answer.structuredContent).toBeUndefined();
    } finally {
      await client.close();
      await running.stop();
    }
  });
});
