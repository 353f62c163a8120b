/**
 * Evidence packets on the reference server: made from what an agent
 * selected, then admitted against a live server whose corpus changed in
 * between (a document superseded, edited, moved out of `exposure: public`,
 * deleted), against a caller scope the packet tries to widen, with forged
 * identities, and under a token budget.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admit,
  browse,
  EVIDENCE_SCHEMA,
  type EvidencePacket,
  expand,
  OddkitEvidenceError,
  renderItem,
  sha256Canonical,
  toEvidence,
} from "../../src/agent/index.js";
import { measureTokens as countTokens } from "../../src/agent/measure.js";
import { canonicalJson } from "../../src/client/cache/key.js";
import type { Filters } from "../../src/contract/index.js";
import { agentCorpus, edited, type Served, type SourceFile, serve } from "./corpus.js";

const SCOPE: Filters = { include: "essays", exposure: "public" };
const REQUEST = { ...SCOPE, disclosure: ["blockquote"] } as const;

let files: SourceFile[];
let before: Served;
let packet: EvidencePacket;
const opened: Served[] = [];

beforeAll(async () => {
  files = agentCorpus();
  before = await serve(files);
  const answer = await browse(before.client, "catalog", REQUEST);
  const expansion = await expand(answer, { max: 4, budgetTokens: 100_000 });
  packet = await toEvidence(expansion, { scope: SCOPE });
});
afterAll(async () => {
  await before.close();
  for (const s of opened) await s.close();
});

async function live(changed: SourceFile[]): Promise<Served> {
  const s = await serve(changed);
  opened.push(s);
  return s;
}

const pathOf = (uri: string) => `${uri.replace("klappy://", "")}.md`;
const textOf = (uri: string) => files.find((f) => f.path === pathOf(uri))?.text as string;
const selected = () => packet.execution.selected;
const rehash = async (p: EvidencePacket): Promise<EvidencePacket> => {
  const request_identity = await sha256Canonical({
    schema: p.schema,
    request: p.request,
    scope: p.scope,
    source_allowance: p.source_allowance,
  });
  const execution_identity = await sha256Canonical({ request_identity, execution: p.execution });
  return { ...p, request_identity, execution_identity };
};
const copy = (p: EvidencePacket): EvidencePacket => JSON.parse(JSON.stringify(p));

describe("toEvidence", () => {
  it("holds the request, its identity, the execution identity and no bodies", async () => {
    expect(packet.schema).toBe(EVIDENCE_SCHEMA);
    expect(packet.request).toEqual({ action: "catalog", params: REQUEST });
    expect(packet.scope).toEqual(SCOPE);
    expect(packet.execution.server_version).toBe(before.server.version);
    expect(packet.execution.knowledge_base_revision).toBe(before.server.corpus.revision);
    expect(selected()).toHaveLength(4);
    selected().forEach((ref, i) => {
      expect(ref.content_hash).toBe(before.server.corpus.byUri.get(ref.uri)?.contentHash);
      expect(ref.rank_origin).toEqual({ method: "catalog:path", rank: i + 1, score: null });
    });
    expect(packet.execution.stop).toMatchObject({ returned: 4, reason: "bounds" });
    expect(JSON.stringify(packet)).not.toContain("Token budgets decide");
    // The identities are plain SHA-256 over canonical JSON: anyone can recompute them.
    const sha = (v: unknown) => createHash("sha256").update(canonicalJson(v)).digest("hex");
    const requestIdentity = sha({
      schema: packet.schema,
      request: packet.request,
      scope: packet.scope,
      source_allowance: packet.source_allowance,
    });
    expect(packet.request_identity).toBe(requestIdentity);
    expect(packet.execution_identity).toBe(
      sha({ request_identity: requestIdentity, execution: packet.execution }),
    );
  });

  it("from a browse answer reads each entry's content hash; a page of a larger total stops at 'page'", async () => {
    const answer = await browse(before.client, "search", { query: "budgets", ...SCOPE, limit: 2 });
    const fromAnswer = await toEvidence(answer, { scope: SCOPE });
    expect(fromAnswer.execution.selected.map((r) => r.uri)).toEqual(answer.result.data.map((e) => e.uri));
    expect(fromAnswer.execution.selected[0]?.rank_origin.method).toBe("search");
    expect(fromAnswer.execution.stop).toEqual({
      returned: 2,
      total: answer.result.total,
      reason: "page",
      detail: `entries 1–2 of ${answer.result.total}`,
    });
  });

  it("refuses a request that was not restricted to the scope", async () => {
    const answer = await browse(before.client, "catalog", { include: "essays" });
    const error = await toEvidence(answer, { scope: SCOPE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitEvidenceError);
    expect((error as OddkitEvidenceError).code).toBe("EVIDENCE_REQUEST_OUTSIDE_SCOPE");
    expect((error as Error).message).toMatch(
      /exposure is unrestricted; the allowed scope limits it to public/,
    );
  });
});

describe("admit, nothing changed", () => {
  it("admits every reference and measures the actual prompt", async () => {
    const admission = await admit(copy(packet), {
      client: before.client,
      scope: SCOPE,
      budgetTokens: 100_000,
    });
    expect(admission.status).toBe("admitted");
    expect(admission.refused).toEqual([]);
    expect(admission.entered.map((e) => e.uri)).toEqual(selected().map((r) => r.uri));
    const sections = selected().map((r) =>
      renderItem({ uri: r.uri, title: r.title, body: before.server.corpus.byUri.get(r.uri)?.body ?? "" }),
    );
    expect(admission.prompt).toBe(sections.join("\n"));
    expect(admission.budget.tokens).toBe(await countTokens(admission.prompt));
  });

  it("refuses past the budget, listing exactly what did not enter", async () => {
    const first = await admit(packet, { client: before.client, scope: SCOPE, budgetTokens: 100_000 });
    const twoSections = first.prompt.split("\n## ").slice(0, 2).join("\n## ");
    const budgetTokens = await countTokens(twoSections);
    const admission = await admit(packet, { client: before.client, scope: SCOPE, budgetTokens });
    expect(admission.status).toBe("partial");
    expect(admission.entered.map((e) => e.uri)).toEqual(
      selected()
        .slice(0, 2)
        .map((r) => r.uri),
    );
    expect(admission.refused.map((r) => [r.uri, r.reason])).toEqual(
      selected()
        .slice(2)
        .map((r) => [r.uri, "budget"]),
    );
    expect(admission.budget.tokens).toBeLessThanOrEqual(budgetTokens);
    expect(admission.budget.tokens).toBe(await countTokens(admission.prompt));
    for (const r of admission.refused) expect(r.tokens).toBeGreaterThan(0);
    const none = await admit(packet, { client: before.client, scope: SCOPE, budgetTokens: 0 });
    expect(none.status).toBe("refused");
    expect(none.prompt).toBe("");
    expect(none.refused.map((r) => r.reason)).toEqual(["budget", "budget", "budget", "budget"]);
  });
});

describe("admit against a live server whose corpus changed", () => {
  it("refuses an edited document as changed, with the live hash, and admits the rest", async () => {
    const target = selected()[0]?.uri as string;
    const server = await live(edited(files, pathOf(target), `${textOf(target)}\nA sentence added later.\n`));
    const admission = await admit(packet, { client: server.client, scope: SCOPE, budgetTokens: 100_000 });
    expect(admission.status).toBe("partial");
    expect(admission.refused).toEqual([
      expect.objectContaining({
        uri: target,
        reason: "changed",
        reasons: ["changed"],
        live_content_hash: server.server.corpus.byUri.get(target)?.contentHash,
      }),
    ]);
    expect(admission.prompt).not.toContain("A sentence added later.");
    expect(admission.entered.map((e) => e.uri)).toEqual(
      selected()
        .slice(1)
        .map((r) => r.uri),
    );
    expect(admission.source.live.knowledge_base_revision).not.toBe(
      admission.source.packet.knowledge_base_revision,
    );
  });

  it("refuses a superseded document, naming its successor instead of swapping it in", async () => {
    const target = selected()[1]?.uri as string;
    const successor = selected()[2]?.uri as string;
    const text = textOf(target).replace("---\n", `---\nsuperseded_by: ${successor}\n`);
    const server = await live(edited(files, pathOf(target), text));
    const admission = await admit(packet, { client: server.client, scope: SCOPE, budgetTokens: 100_000 });
    const refusal = admission.refused.find((r) => r.uri === target);
    expect(refusal?.reason).toBe("superseded");
    expect(refusal?.reasons).toEqual(["superseded", "changed"]);
    expect(refusal?.successor?.uri).toBe(successor);
    expect(refusal?.detail).toMatch(/superseded: resolve walks 1 step\(s\) to/);
    expect(admission.entered.map((e) => e.uri)).not.toContain(target);
    expect(admission.entered.filter((e) => e.uri === successor)).toHaveLength(1);
  });

  it("refuses a document moved out of exposure: public as out-of-scope", async () => {
    const target = selected()[3]?.uri as string;
    const server = await live(
      edited(files, pathOf(target), textOf(target).replace("exposure: public", "exposure: draft")),
    );
    const admission = await admit(packet, { client: server.client, scope: SCOPE, budgetTokens: 100_000 });
    expect(admission.refused).toEqual([
      expect.objectContaining({ uri: target, reason: "out-of-scope", reasons: ["out-of-scope", "changed"] }),
    ]);
    expect(admission.refused[0]?.detail).toMatch(/does not list it within the caller's scope/);
    expect(admission.prompt).not.toContain(`<${target}>`);
  });

  it("refuses a deleted document as missing", async () => {
    const target = selected()[0]?.uri as string;
    const server = await live(edited(files, pathOf(target), null));
    const admission = await admit(packet, { client: server.client, scope: SCOPE, budgetTokens: 100_000 });
    expect(admission.refused).toEqual([
      expect.objectContaining({ uri: target, reason: "missing", reasons: ["missing"] }),
    ]);
  });
});

describe("admit refuses a packet as a whole", () => {
  const refusedWith = async (value: unknown, scope: Filters = SCOPE) => {
    const error = await admit(value, { client: before.client, scope, budgetTokens: 100_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OddkitEvidenceError);
    return error as OddkitEvidenceError;
  };

  it("when it claims a wider scope than the caller's", async () => {
    const error = await refusedWith(packet, { ...SCOPE, tier: 1 });
    expect(error.code).toBe("EVIDENCE_SCOPE_WIDENED");
    expect(error.details).toContain("packet scope: tier is unrestricted; the allowed scope limits it to 1");
  });

  it("when a rehashed packet declares a wider scope (checksums are not authority)", async () => {
    const forged = await rehash({ ...copy(packet), scope: { include: ["essays", "docs"] } });
    const error = await refusedWith(forged);
    expect(error.code).toBe("EVIDENCE_SCOPE_WIDENED");
    expect(error.details).toEqual([
      "packet scope: kinds docs are outside the allowed kinds essays",
      "packet scope: exposure is unrestricted; the allowed scope limits it to public",
    ]);
  });

  it.each([
    [
      "a content hash",
      (p: EvidencePacket) => {
        (p.execution.selected[0] as { content_hash: string }).content_hash = "0".repeat(64);
      },
    ],
    [
      "the request's filters",
      (p: EvidencePacket) => {
        p.request.params.path_prefix = "writings/";
      },
    ],
    [
      "a selected URI",
      (p: EvidencePacket) => {
        (p.execution.selected[1] as { uri: string }).uri = "klappy://docs/guide-1";
      },
    ],
    [
      "the revision",
      (p: EvidencePacket) => {
        p.execution.knowledge_base_revision = "f".repeat(64);
      },
    ],
    [
      "the scope",
      (p: EvidencePacket) => {
        p.scope = { include: "essays", exposure: "public", tier: 1 };
      },
    ],
  ])("when %s was forged (identity mismatch)", async (_what, forge) => {
    const forged = copy(packet);
    forge(forged);
    const error = await refusedWith(forged);
    expect(error.code).toBe("EVIDENCE_IDENTITY");
    expect(error.message).toMatch(/identity does not match/);
  });

  it.each([null, "a packet", 42])("for %j (not a packet)", async (value) => {
    expect((await refusedWith(value)).code).toBe("EVIDENCE_SCHEMA");
  });

  it("a rehashed forgery of a reference still fails the live recheck", async () => {
    const forged = copy(packet);
    (forged.execution.selected[0] as { content_hash: string }).content_hash = "0".repeat(64);
    (forged.execution.selected[1] as { uri: string }).uri = "klappy://docs/guide-1";
    const admission = await admit(await rehash(forged), {
      client: before.client,
      scope: SCOPE,
      budgetTokens: 100_000,
    });
    expect(admission.refused.map((r) => [r.uri, r.reason])).toEqual([
      [selected()[0]?.uri, "changed"],
      ["klappy://docs/guide-1", "out-of-scope"],
    ]);
  });

  it.each([
    [
      "another schema version",
      (p: Record<string, unknown>) => {
        p.schema = "oddkit-evidence/2";
      },
      /reads evidence packets of schema 'oddkit-evidence\/1'; got schema "oddkit-evidence\/2"/,
    ],
    [
      "an unknown field",
      (p: Record<string, unknown>) => {
        p.extra = 1;
      },
      /Unrecognized key/,
    ],
    [
      "no schema field",
      (p: Record<string, unknown>) => {
        delete p.schema;
      },
      /got schema undefined/,
    ],
  ])("for %s (schema)", async (_what, change, message) => {
    const value = copy(packet) as unknown as Record<string, unknown>;
    change(value);
    const error = await refusedWith(value);
    expect(error.code).toBe("EVIDENCE_SCHEMA");
    expect(error.message).toMatch(message);
  });
});
