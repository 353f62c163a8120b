/**
 * One revision check serves every cached record of a server: the revision a
 * version probe saw at T is the knowledge base's, so records of one client
 * expiring at different moments within an action's TTL of T are revalidated
 * by that one probe — and a change after T is still seen within the TTL.
 * Probes are counted at the server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createOddkitClient, type OddkitClient } from "../../src/index.js";
import { FakeServer, makeDocs } from "./fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const TTL = 5 * 60_000;
const N = 8;
/** Between two records' fetches (and revalidations): far more than any in-flight sharing. */
const APART = 10_000;

function setup() {
  const server = new FakeServer({ docs: makeDocs(20), revision: "rev-1" });
  let now = 1_000_000;
  const client = createOddkitClient({ server, cache: { now: () => now } });
  clients.push(client);
  const at = (t: number) => {
    now = t;
  };
  /** N different records (one catalog page size each). */
  const read = (i: number) => client.catalog({ disclosure: ["blockquote"], limit: i + 1 });
  return { server, client, at, read, start: now };
}

describe("revalidation shares one probe per revision check", () => {
  it(`${N} records expiring ${APART / 1000} s apart are revalidated by 1 probe, not ${N}`, async () => {
    const { server, at, read, start } = setup();
    for (let i = 0; i < N; i++) {
      at(start + i * APART);
      expect((await read(i)).meta.cached).toBe(false);
    }
    const probesBefore = server.count("oddkit_version");
    const fetches = server.count("oddkit_catalog");
    // Each record is read again just after its own expiry: N moments, all within one TTL.
    for (let i = 0; i < N; i++) {
      at(start + TTL + i * APART + 1);
      const again = await read(i);
      expect(again.meta).toMatchObject({ cached: true, revalidated: true });
    }
    expect(server.count("oddkit_version") - probesBefore).toBe(1);
    expect(server.count("oddkit_catalog")).toBe(fetches);
  });

  it("a probe is one oddkit_version call with no arguments, and a revalidation makes no other call", async () => {
    const { server, at, read, start } = setup();
    await read(0);
    const before = server.calls.length;
    at(start + TTL + 1);
    await read(0);
    expect(server.calls.slice(before).map((c) => [c.name, c.args])).toEqual([["oddkit_version", {}]]);
  });

  it("a change just after the shared probe is seen within the TTL of that probe", async () => {
    const { server, at, read, start } = setup();
    await read(0);
    at(start + 1_000);
    await read(1);
    // Record 0 expires first: its probe (rev-1) is the one later revalidations share.
    const probedAt = start + TTL + 1;
    at(probedAt);
    expect((await read(0)).meta.revalidated).toBe(true);
    server.revision = "rev-2";
    server.docs = server.docs.map((d, i) => (i === 0 ? { ...d, blockquote: "Edited." } : d));
    // Record 1 expires within the probe's TTL: renewed by the shared answer, but only until probedAt + TTL.
    at(start + 1_000 + TTL + 1);
    expect((await read(1)).meta.revalidated).toBe(true);
    const probes = server.count("oddkit_version");
    at(probedAt + TTL);
    const after = await read(1);
    expect(after.meta.cached).toBe(false);
    expect(after.data[0]?.blockquote).toBe("Edited.");
    expect(server.count("oddkit_version")).toBe(probes + 1);
  });
});
