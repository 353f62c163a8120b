import { describe, expect, it } from "vitest";
import * as errors from "../../src/errors/index.js";
import {
  CliUsageError,
  ContractCallError,
  CorpusFileChangedError,
  EmptyCorpusError,
  EraDetectionError,
  HelperArgumentError,
  isOddkitError,
  KindMapFileError,
  LegacyShapeError,
  OddkitCallError,
  OddkitContractViolationError,
  OddkitError,
  OddkitNotFoundError,
  OddkitPaginationError,
  OddkitRequestError,
  OddkitTimeoutError,
  OddkitTransportError,
  PathProbeError,
  TokenizerMissingError,
  WindowContractViolationError,
} from "../../src/errors/index.js";
import type { DeprecationEvent } from "../../src/shim/deprecation.js";
import { LegacyUsageError } from "../../src/shim/legacy-usage-error.js";

const call = { action: "search" };
const event = { message: "legacy tool oddkit_search" } as DeprecationEvent;

/** One instance of every error class, keyed by its exported name. */
const INSTANCES: Record<string, () => Error> = {
  OddkitError: () => new OddkitError("base"),
  OddkitCallError: () => new OddkitCallError("call", call),
  OddkitRequestError: () =>
    new OddkitRequestError({ error_code: "INVALID_PARAMS", error_message: "bad" }, { ...call, sent: false }),
  OddkitNotFoundError: () => new OddkitNotFoundError({ error_message: "gone", uri: "klappy://x" }, call),
  OddkitContractViolationError: () => new OddkitContractViolationError([{ check: 1, reason: "r" }], call),
  OddkitTransportError: () => new OddkitTransportError("down", { ...call, status: 503 }),
  OddkitTimeoutError: () => new OddkitTimeoutError(10, call),
  OddkitPaginationError: () =>
    new OddkitPaginationError("moved", { ...call, reason: "total-changed", offset: 0, yielded: 0 }),
  HelperArgumentError: () => new HelperArgumentError("getEssaysIndex", "limit", "fixed"),
  CliUsageError: () => new CliUsageError("--limit: 'x' is not an integer"),
  WindowContractViolationError: () => new WindowContractViolationError("search", ["body"], {}),
  PathProbeError: () => new PathProbeError("no path"),
  ContractCallError: () => new ContractCallError("oddkit_get", { error_code: "NOT_FOUND" }),
  LegacyUsageError: () => new LegacyUsageError(event),
  EraDetectionError: () => new EraDetectionError("not a version"),
  EmptyCorpusError: () => new EmptyCorpusError("docs/"),
  LegacyShapeError: () => new LegacyShapeError("unreadable", null),
  KindMapFileError: () => new KindMapFileError("oddkit.kinds.json", "not JSON"),
  CorpusFileChangedError: () => new CorpusFileChangedError("docs/a.md", "changed"),
  TokenizerMissingError: () => new TokenizerMissingError(new Error("ERR_MODULE_NOT_FOUND")),
};

const exportedClasses = Object.entries({ ...errors, LegacyUsageError }).filter(
  ([, value]) => typeof value === "function" && value.prototype instanceof Error,
);

describe("errors: one hierarchy under OddkitError", () => {
  it("every exported class has a test instance here (a new class must be added to the table)", () => {
    expect(exportedClasses.map(([name]) => name).sort()).toEqual(Object.keys(INSTANCES).sort());
  });

  it.each(Object.entries(INSTANCES))("%s is an OddkitError named after its export", (name, make) => {
    const error = make();
    expect(error).toBeInstanceOf(OddkitError);
    expect(isOddkitError(error)).toBe(true);
    expect(error.name).toBe(name);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it.each(exportedClasses)("%s keeps its name when its class is renamed (as minifiers do)", (name, Class) => {
    Object.defineProperty(Class, "name", { value: "t", configurable: true });
    try {
      expect(INSTANCES[name]?.().name).toBe(name);
    } finally {
      Object.defineProperty(Class, "name", { value: name, configurable: true });
    }
  });

  it("client call errors share OddkitCallError's action, request and response", () => {
    const error = new OddkitTransportError("down", {
      action: "get",
      request: { tool: "oddkit_get", params: { input: "klappy://x" } },
      response: { status: 503 },
      cause: new Error("socket"),
    });
    expect(error).toBeInstanceOf(OddkitCallError);
    expect(error.action).toBe("get");
    expect(error.request?.tool).toBe("oddkit_get");
    expect(error.response?.status).toBe(503);
    expect((error.cause as Error).message).toBe("socket");
  });

  it("isOddkitError tells toolkit errors from everything else", () => {
    expect(isOddkitError(new Error("x"))).toBe(false);
    expect(isOddkitError(new TypeError("x"))).toBe(false);
    expect(isOddkitError(null)).toBe(false);
    expect(isOddkitError("OddkitError")).toBe(false);
    expect(isOddkitError({ name: "OddkitError", message: "look-alike" })).toBe(false);
  });

  it("isOddkitError recognises an error from another copy of the package by its brand", () => {
    const foreign = Object.assign(new Error("from a second bundle"), {
      [Symbol.for("oddkit-sdk.error")]: true,
    });
    expect(foreign instanceof OddkitError).toBe(false);
    expect(isOddkitError(foreign)).toBe(true);
  });

  it("the brand stays out of JSON and enumeration", () => {
    const error = new PathProbeError("no path");
    expect(Object.keys(error)).not.toContain(Symbol.for("oddkit-sdk.error"));
    expect(Object.getOwnPropertySymbols({ ...error })).toEqual([]);
  });
});
