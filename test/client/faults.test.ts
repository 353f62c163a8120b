/**
 * Fail closed. Before the network, the contract core refuses what a server
 * must refuse (nothing is sent). After the network, every way an answer can
 * break the contract becomes a typed error; nothing malformed is returned.
 * Each fault below comes from a fake server that breaks exactly one rule.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type ContractViolation,
  createOddkitClient,
  type OddkitClient,
  OddkitContractViolationError,
  OddkitNotFoundError,
  OddkitRequestError,
} from "../../src/index.js";
import { compliantAnswer, FakeServer, type FakeServerOptions, makeDocs, textResult } from "./fake-server.js";

type Json = Record<string, unknown>;
const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function clientFor(options: FakeServerOptions & { maxResponseBytes?: number } = {}) {
  const server = new FakeServer({ docs: makeDocs(5), ...options });
  let connections = 0;
  const client = createOddkitClient({
    server: {
      connectInMemory: () => {
        connections++;
        return server.connectInMemory();
      },
    },
    cache: false,
    countTokens: false,
    maxResponseBytes: options.maxResponseBytes,
  });
  clients.push(client);
  return { server, client, connections: () => connections };
}

/** Rewrite the `result` of retrieval answers (never the version probe). */
function rewriteResult(edit: (result: Json) => void): FakeServerOptions["rewrite"] {
  return (call, envelope) => {
    if (call.name === "oddkit_version") return undefined;
    const copy = structuredClone(envelope) as Json;
    edit(copy.result as Json);
    return copy;
  };
}

async function violationOf(promise: Promise<unknown>): Promise<ContractViolation[]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OddkitContractViolationError);
  return [...(error as OddkitContractViolationError).violations];
}

describe("before the network: the contract core refuses, nothing is sent", () => {
  it("a flag the action does not permit throws the server's envelope, with zero transport calls", async () => {
    const { client, server, connections } = clientFor();
    const error = await client.catalog({ disclosure: ["body"] as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitRequestError);
    const e = error as OddkitRequestError;
    expect(e.sent).toBe(false);
    expect(e.code).toBe("DISCLOSURE_FLAG_NOT_PERMITTED");
    // Same code and fields as the envelope a compliant server answers with.
    const serverSays = compliantAnswer(server.docs, "catalog", { disclosure: ["body"] }).envelope.result;
    expect(e.envelope).toEqual(serverSays);
    expect(e.envelope).toMatchObject({
      requested_flag: "body",
      permitted_flags: ["blockquote", "metadata", "summary"],
    });
    expect(connections()).toBe(0);
    expect(server.count()).toBe(0);
  });

  it("a limit over the active cap throws LIMIT_EXCEEDS_FLAG_CAP with its fields, nothing sent", async () => {
    const { client, server, connections } = clientFor();
    const error = (await client
      .catalog({ disclosure: ["blockquote", "summary"], limit: 100 })
      .catch((e: unknown) => e)) as OddkitRequestError;
    expect(error).toBeInstanceOf(OddkitRequestError);
    expect(error.envelope).toEqual(
      compliantAnswer(server.docs, "catalog", { disclosure: ["blockquote", "summary"], limit: 100 }).envelope
        .result,
    );
    expect(error.envelope).toMatchObject({
      error_code: "LIMIT_EXCEEDS_FLAG_CAP",
      max_limit_for_active_flags: 25,
      limiting_flag: "summary",
      requested_limit: 100,
    });
    expect(connections()).toBe(0);
  });

  it("invalid parameters (unknown filter value, filters on get, raw `input`) are refused locally", async () => {
    const { client, connections } = clientFor();
    await expect(client.catalog({ audience: "everyone" as never })).rejects.toMatchObject({
      code: "INVALID_PARAMS",
      sent: false,
    });
    await expect(client.get({ uri: "klappy://x", audience: "public" } as never)).rejects.toMatchObject({
      code: "INVALID_PARAMS",
    });
    await expect(client.search({ input: "x" } as never)).rejects.toMatchObject({ code: "INVALID_PARAMS" });
    expect(connections()).toBe(0);
  });
});

describe("after the network: every broken answer is a typed error", () => {
  it("an answer that is not JSON", async () => {
    const { client } = clientFor({
      rewrite: (call) => (call.name === "oddkit_catalog" ? textResult("<html>oops") : undefined),
    });
    const [v] = await violationOf(client.catalog());
    expect(v?.reason).toMatch(/not JSON/);
  });

  it("an answer over maxResponseBytes (measured in UTF-8 bytes of the text)", async () => {
    const { client } = clientFor({ maxResponseBytes: 600 });
    await expect(client.catalog({ limit: 1 })).resolves.toBeDefined();
    const violations = await violationOf(client.catalog({ disclosure: ["summary"], limit: 5 }));
    expect(violations[0]).toMatchObject({ check: "size" });
    expect(violations[0]?.reason).toMatch(/over maxResponseBytes 600/);
  });

  it("entries carrying fields that were not requested", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        for (const e of r.data as Json[]) e.metadata = { audience: "docs" };
      }),
    });
    const violations = await violationOf(client.catalog({ disclosure: ["blockquote"] }));
    expect(violations.some((v) => v.check === 1 && /metadata/.test(v.reason))).toBe(true);
  });

  it("body on a listing (catalog), whatever the flags", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        (r.data as Json[])[0]!.body = "the whole document";
      }),
    });
    const violations = await violationOf(client.catalog());
    expect(violations.some((v) => v.check === 5)).toBe(true);
  });

  it("body on search and preflight too", async () => {
    const addBody = rewriteResult((r) => {
      for (const e of r.data as Json[]) e.body = "leaked";
    });
    const { client } = clientFor({ rewrite: addBody });
    expect((await violationOf(client.search({ query: "document" }))).some((v) => v.check === 5)).toBe(true);
    expect((await violationOf(client.preflight({ task: "document" }))).some((v) => v.check === 5)).toBe(true);
  });

  it("an entry without uri, or without title", async () => {
    const noUri = clientFor({ rewrite: rewriteResult((r) => delete (r.data as Json[])[1]!.uri) });
    expect((await violationOf(noUri.client.catalog())).some((v) => /lacks 'uri'/.test(v.reason))).toBe(true);
    const noTitle = clientFor({ rewrite: rewriteResult((r) => delete (r.data as Json).title) });
    expect(
      (await violationOf(noTitle.client.get({ uri: "klappy://docs/doc-0001" }))).some((v) =>
        /lacks 'title'/.test(v.reason),
      ),
    ).toBe(true);
  });

  it("a disclosure_applied echo that differs from the request", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        r.disclosure_applied = [];
      }),
    });
    const violations = await violationOf(client.catalog({ disclosure: ["blockquote"] }));
    expect(violations.some((v) => /disclosure_applied/.test(v.reason))).toBe(true);
  });

  it("a filters_applied echo that dropped a filter (a server ignoring exposure: public never reaches a page)", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        r.filters_applied = { include: ["canon", "docs", "essays"] };
      }),
    });
    const violations = await violationOf(client.catalog({ exposure: "public" }));
    expect(violations.some((v) => v.check === 2 && /filters_applied/.test(v.reason))).toBe(true);
  });

  it("accepts an echo that differs only in canonical form (scalar vs one-element array, order)", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        r.filters_applied = { exposure: ["public"], include: ["essays", "docs", "canon"] };
      }),
    });
    await expect(client.catalog({ exposure: "public" })).resolves.toMatchObject({ status: "FOUND" });
  });

  it("a total below the entries returned", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        r.total = 1;
      }),
    });
    const violations = await violationOf(client.catalog({ limit: 3 }));
    expect(violations.some((v) => v.check === 3 && /total 1/.test(v.reason))).toBe(true);
  });

  it("a wrongly typed field (schema), e.g. a numeric title", async () => {
    const { client } = clientFor({
      rewrite: rewriteResult((r) => {
        (r.data as Json[])[0]!.title = 42;
      }),
    });
    const violations = await violationOf(client.catalog());
    expect(violations.some((v) => v.check === "schema" && /title/.test(v.reason))).toBe(true);
  });

  it("carries the response text and envelope on the error", async () => {
    const { client } = clientFor({ rewrite: rewriteResult((r) => (r.total = 0)) });
    const error = (await client.catalog().catch((e: unknown) => e)) as OddkitContractViolationError;
    expect(error.response?.text).toContain('"total":0');
    expect(error.response?.envelope).toMatchObject({ action: "catalog" });
    expect(error.request).toMatchObject({ tool: "oddkit_catalog", endpoint: "in-memory" });
  });
});

describe("server error envelopes become typed errors with all their fields", () => {
  it("a refusal envelope → OddkitRequestError (sent: true) carrying every field", async () => {
    const refusal = {
      status: "ERROR",
      error_code: "LIMIT_EXCEEDS_FLAG_CAP",
      error_message: "limit 25 exceeds the maximum 10 for disclosure flag 'summary'.",
      max_limit_for_active_flags: 10,
      limiting_flag: "summary",
      requested_limit: 25,
    };
    const { client } = clientFor({
      rewrite: (call) =>
        call.name === "oddkit_catalog"
          ? textResult(JSON.stringify({ action: "catalog", result: refusal }), true)
          : undefined,
    });
    const error = (await client
      .catalog({ disclosure: ["summary"] })
      .catch((e: unknown) => e)) as OddkitRequestError;
    expect(error).toBeInstanceOf(OddkitRequestError);
    expect(error.sent).toBe(true);
    expect(error.code).toBe("LIMIT_EXCEEDS_FLAG_CAP");
    expect(error.envelope).toEqual(refusal);
    expect(error.message).toContain("exceeds the maximum 10");
    expect(error.is("LIMIT_EXCEEDS_FLAG_CAP")).toBe(true);
    expect(error.is("INVALID_PARAMS")).toBe(false);
  });

  it("an unknown or malformed refusal keeps every field but does not pretend to a known shape", async () => {
    const odd = {
      status: "ERROR",
      error_code: "LIMIT_EXCEEDS_FLAG_CAP",
      error_message: "too many",
      quota: 3,
    };
    const { client } = clientFor({
      rewrite: (call) =>
        call.name === "oddkit_catalog"
          ? textResult(JSON.stringify({ action: "catalog", result: odd }), true)
          : undefined,
    });
    const error = (await client.catalog().catch((e: unknown) => e)) as OddkitRequestError;
    expect(error.code).toBe("LIMIT_EXCEEDS_FLAG_CAP");
    expect(error.envelope).toEqual(odd);
    expect(error.is("LIMIT_EXCEEDS_FLAG_CAP")).toBe(false);
  });

  it("NOT_FOUND → OddkitNotFoundError with the uri", async () => {
    const { client } = clientFor();
    const error = (await client
      .get({ uri: "klappy://nowhere" })
      .catch((e: unknown) => e)) as OddkitNotFoundError;
    expect(error).toBeInstanceOf(OddkitNotFoundError);
    expect(error.uri).toBe("klappy://nowhere");
    expect(error.envelope).toMatchObject({ status: "NOT_FOUND", error_code: "NOT_FOUND", action: "get" });
  });

  it("an error flag without an error envelope is itself a contract violation", async () => {
    const { client } = clientFor({
      rewrite: (call) =>
        call.name === "oddkit_get"
          ? textResult(JSON.stringify({ action: "get", result: {} }), true)
          : undefined,
    });
    const violations = await violationOf(client.get({ uri: "klappy://docs/doc-0001" }));
    expect(violations[0]?.reason).toMatch(/without an error_code/);
  });
});
