import { describe, expect, it } from "vitest";
import { EraDetectionError } from "../../src/errors/index.js";
import { DEFAULT_CONTRACT_VERSION, detectEra, detectEraFrom, windowEnd } from "../../src/shim/era.js";

describe("detectEra", () => {
  it("puts versions below N before the contract", () => {
    expect(detectEra("0.28.1")).toBe("pre-contract");
    expect(detectEra("0.29.99")).toBe("pre-contract");
  });

  it("puts N up to (not including) N+2 minors in the window", () => {
    expect(DEFAULT_CONTRACT_VERSION).toBe("0.30.0");
    expect(detectEra("0.30.0")).toBe("window");
    expect(detectEra("0.31.7")).toBe("window");
    expect(detectEra("v0.30.2-beta.1")).toBe("window");
  });

  it("puts N+2 minors and later after the window", () => {
    expect(detectEra("0.32.0")).toBe("post-window");
    expect(detectEra("1.0.0")).toBe("post-window");
    expect(windowEnd()).toBe("0.32.0");
  });

  it("takes N from the caller", () => {
    expect(detectEra("0.30.5", { n: "0.31.0" })).toBe("pre-contract");
    expect(detectEra("0.32.5", { n: "0.31.0" })).toBe("window");
    expect(windowEnd("1.4.0")).toBe("1.6.0");
  });

  it("lets an explicit override win without parsing", () => {
    expect(detectEra("not a version", { override: "window" })).toBe("window");
  });

  it("rejects what it cannot read, saying how to fix it", () => {
    expect(() => detectEra("latest")).toThrow(EraDetectionError);
    expect(() => detectEra("latest")).toThrow(/override/);
    // @ts-expect-error not an era
    expect(() => detectEra("0.30.0", { override: "future" })).toThrow(/pre-contract, window, post-window/);
  });
});

describe("detectEraFrom", () => {
  it("prefers oddkit_version over the MCP serverInfo version", () => {
    expect(detectEraFrom({ serverInfoVersion: "2.0.0", oddkitVersion: "0.28.1" })).toBe("pre-contract");
  });

  it("falls back to serverInfo when oddkit_version is missing or unreadable", () => {
    expect(detectEraFrom({ serverInfoVersion: "0.31.0", oddkitVersion: "dev" })).toBe("window");
  });

  it("names what it saw when neither version parses", () => {
    expect(() => detectEraFrom({ serverInfoVersion: "dev" })).toThrow(/"dev"/);
  });
});
