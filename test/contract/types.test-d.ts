/** Entry and result types follow the disclosure: each flag adds its field, nothing else appears. */
import { describe, expectTypeOf, it } from "vitest";
import type { Entry, ManyResult, OneResult, RequestInput } from "../../src/contract/index.js";

describe("Entry<A, F>", () => {
  it("search at [] has the floor and score/snippet only", () => {
    expectTypeOf<Entry<"search">["uri"]>().toEqualTypeOf<string>();
    expectTypeOf<Entry<"search">["score"]>().toEqualTypeOf<number>();
    expectTypeOf<Entry<"search">["snippet"]>().toEqualTypeOf<string>();
    expectTypeOf<Entry<"search">>().not.toHaveProperty("body");
    expectTypeOf<Entry<"search">>().not.toHaveProperty("summary");
  });
  it("each flag adds its own field (the union for several flags)", () => {
    expectTypeOf<Entry<"catalog", "summary" | "metadata">["summary"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Entry<"catalog", "summary" | "metadata">["metadata"]>().toEqualTypeOf<
      Record<string, unknown>
    >();
    expectTypeOf<Entry<"catalog", "summary" | "metadata">["position"]>().toEqualTypeOf<number>();
  });
  it("get at its default disclosure carries body and content_hash", () => {
    expectTypeOf<OneResult<"get">["data"]["body"]>().toEqualTypeOf<string>();
    expectTypeOf<OneResult<"get">["data"]["content_hash"]>().toEqualTypeOf<string>();
  });
  it("a listing result is a page", () => {
    expectTypeOf<ManyResult<"catalog">["total"]>().toEqualTypeOf<number>();
    expectTypeOf<ManyResult<"catalog">["data"]>().toEqualTypeOf<Entry<"catalog">[]>();
  });
});

describe("RequestInput<A>", () => {
  it("get and resolve take no filters; catalog takes no input", () => {
    expectTypeOf<RequestInput<"catalog">>().not.toHaveProperty("input");
    expectTypeOf<RequestInput<"get">>().not.toHaveProperty("audience");
    expectTypeOf<RequestInput<"search">["input"]>().toEqualTypeOf<string>();
  });
});
