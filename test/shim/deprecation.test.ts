import { afterEach, describe, expect, it } from "vitest";
import {
  type DeprecationEvent,
  DeprecationTracker,
  legacyUsageSummary,
  resetLegacyUsage,
} from "../../src/shim/deprecation.js";
import { LegacyUsageError } from "../../src/shim/legacy-usage-error.js";

const umbrella = {
  kind: "umbrella-tool",
  tool: "oddkit",
  action: "get",
  detail: "umbrella tool oddkit",
} as const;

function collecting(options: ConstructorParameters<typeof DeprecationTracker>[0] = {}) {
  const warnings: string[] = [];
  const events: DeprecationEvent[] = [];
  const tracker = new DeprecationTracker({
    warn: (m) => warnings.push(m),
    onDeprecation: (e) => events.push(e),
    ...options,
  });
  return { tracker, warnings, events };
}

afterEach(() => resetLegacyUsage());

describe("DeprecationTracker", () => {
  it("warns once per call site, not once per call, naming the codemod", () => {
    const { tracker, warnings, events } = collecting();
    for (let i = 0; i < 3; i++) tracker.record(umbrella); // one call site, three calls
    tracker.record(umbrella); // a second call site
    expect(events).toHaveLength(4);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("npx oddkit-sdk migrate --transforms umbrella-to-action-tools");
    expect(warnings[0]).toMatch(/deprecation\.test\.ts:\d+:\d+/);
    expect(events.map((e) => e.first)).toEqual([true, false, false, true]);
  });

  it("defaults to warn in the window and before it, to error after it", () => {
    const { tracker } = collecting();
    tracker.setEra("window");
    expect(tracker.policy).toBe("warn");
    tracker.setEra("pre-contract");
    expect(tracker.policy).toBe("warn");
    tracker.setEra("post-window");
    expect(tracker.policy).toBe("error");
    expect(() => tracker.record(umbrella)).toThrow(LegacyUsageError);
  });

  it("lets an explicit policy win over the era", () => {
    const { tracker, warnings, events } = collecting({ legacyPolicy: "silent" });
    tracker.setEra("post-window");
    tracker.record(umbrella);
    expect(warnings).toEqual([]);
    expect(events).toHaveLength(1); // telemetry still sees it
  });

  it("throws on every use under the error policy, carrying the event", () => {
    const { tracker } = collecting({ legacyPolicy: "error" });
    for (let i = 0; i < 2; i++) {
      try {
        tracker.record(umbrella);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(LegacyUsageError);
        expect((error as LegacyUsageError).event.codemod).toBe("umbrella-to-action-tools");
      }
    }
  });

  it("summarises uses per call site and per codemod, per tracker and per process", () => {
    const a = collecting().tracker;
    const b = collecting().tracker;
    a.record(umbrella);
    a.record(umbrella);
    b.record({ kind: "legacy-params", tool: "oddkit_search", detail: "parameter include_metadata" });
    expect(a.summary().total).toBe(2);
    const all = legacyUsageSummary();
    expect(all.total).toBe(3);
    expect(all.byCodemod).toEqual({ "umbrella-to-action-tools": 2, "tool-parameters": 1 });
    expect(all.uses[0]).toMatchObject({ kind: "umbrella-tool", count: 1 });
  });
});
