/**
 * The published tools: in contract and window modes the input schema of each
 * action's tool is exactly the contract core's, with the declared default of
 * `disclosure`; listed through the official SDK client over the in-memory
 * transport.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { ACTION_SPECS, ACTIONS, inputJsonSchema } from "../../src/contract/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";

describe.each(["contract", "window"] as const)("%s mode tools", (mode) => {
  it("publish the contract core's input schemas and report version 0.30.0", async () => {
    const server = await createReferenceServer({ corpus: fixtureCorpus(), mode });
    const client = new Client({ name: "tools-test", version: "1" });
    await client.connect(await server.connectInMemory());
    expect(client.getServerVersion()).toMatchObject({ name: "oddkit", version: "0.30.0" });
    const { tools } = await client.listTools();
    for (const action of ACTIONS) {
      const tool = tools.find((t) => t.name === `oddkit_${action}`)!;
      expect(tool.inputSchema).toEqual(inputJsonSchema(action));
      const disclosure = (tool.inputSchema.properties as Record<string, { default?: unknown }>).disclosure;
      expect(disclosure?.default).toEqual(ACTION_SPECS[action].defaultDisclosure);
    }
    const unified = tools.find((t) => t.name === "oddkit")!;
    expect(unified.inputSchema.required).toEqual(["action"]);
    expect((unified.inputSchema.properties as Record<string, { enum?: string[] }>).action?.enum).toEqual(
      expect.arrayContaining([...ACTIONS, "version"]),
    );
    await client.close();
    await server.close();
  });
});
