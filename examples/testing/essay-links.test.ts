// Your test: msw answers the oddkit URL with an embedded reference server,
// so the real client code runs, over its real fetch, with no network.
import { setupServer } from "msw/node";
import { createOddkitClient, OddkitContractViolationError } from "oddkit-sdk";
import { createOddkitHandlers, faults } from "oddkit-sdk/testing";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { essayLinks } from "./essay-links.js";

const url = "https://oddkit.test/mcp";
const corpus = new URL("./docs", import.meta.url).pathname; // omit to serve the bundled sample corpus
const oddkit = createOddkitHandlers({ url, corpus });
const server = setupServer(...oddkit);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await oddkit.close();
});

test("renders one link per public essay, in path order", async () => {
  const client = createOddkitClient({ url, consumer: "essay-links-test" });
  expect(await essayLinks(client)).toEqual([
    '<a href="/essays?uri=klappy%3A%2F%2Fwritings%2Ffewer-tokens">Fewer tokens, same page</a>',
    '<a href="/essays?uri=klappy%3A%2F%2Fwritings%2Fon-small-answers">On small answers</a>',
  ]);
  await client.close();
});

test("fails closed when the server ignores exposure: public", async () => {
  const broken = createOddkitHandlers({ url, corpus, faults: [faults.wrongEcho({ echo: "filters" })] });
  server.use(...broken);
  const client = createOddkitClient({ url, retry: false });
  await expect(essayLinks(client)).rejects.toBeInstanceOf(OddkitContractViolationError);
  expect(broken.calls.filter((call) => call.action === "catalog").map((call) => call.faults)).toEqual([
    ["wrongEcho"],
  ]);
  await client.close();
  await broken.close();
});
