/**
 * Contract calls the backward shim makes, with their answers checked: a
 * contract error envelope becomes a ContractCallError carrying it (the
 * synthesis decides what each error means in legacy terms).
 */
import { isErrorEnvelope } from "../../contract/index.js";
import { ContractCallError } from "../../errors/index.js";
import { resultOf, type ToolCaller } from "../forward/legacy-caller.js";

export interface ContractEntry {
  readonly uri: string;
  readonly title: string;
  readonly [field: string]: unknown;
}

export interface ManyAnswer {
  readonly data: ContractEntry[];
  readonly total: number;
}

export interface OneAnswer {
  readonly data: ContractEntry & { content_hash: string };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** One contract tool call; an error envelope (or isError) throws ContractCallError. */
export async function callContract(
  call: ToolCaller,
  tool: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = await call(tool, args);
  const result = record(resultOf(answer));
  if (answer.isError || isErrorEnvelope(result)) throw new ContractCallError(tool, result);
  return result;
}

export async function callMany(
  call: ToolCaller,
  tool: string,
  args: Record<string, unknown>,
): Promise<ManyAnswer> {
  const result = await callContract(call, tool, args);
  if (!Array.isArray(result.data) || typeof result.total !== "number") {
    throw new ContractCallError(tool, {
      error_message: "the answer has no data[]/total: is this a contract server?",
    });
  }
  return { data: result.data as ContractEntry[], total: result.total };
}

export async function callOne(
  call: ToolCaller,
  tool: string,
  args: Record<string, unknown>,
): Promise<OneAnswer> {
  const result = await callContract(call, tool, args);
  const data = record(result.data);
  if (typeof data.uri !== "string" || typeof data.content_hash !== "string") {
    throw new ContractCallError(tool, {
      error_message: "the answer has no data.uri/content_hash: is this a contract server?",
    });
  }
  return { data: data as unknown as OneAnswer["data"] };
}
