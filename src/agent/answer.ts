/**
 * `browse`: one listing, search or preflight call kept with its request and
 * the server identity, so that `expand({ includeAll })` can walk every page of
 * the same request and `toEvidence` can bind the request to the packet.
 *
 * The client is remembered beside the answer (not inside it), so an answer
 * stays plain data: JSON.stringify it, log it, store it.
 */
import type { ManyAction } from "../contract/index.js";
import { OddkitAgentOptionsError } from "./errors.js";
import type { AgentClient, Answer, ManyPage } from "./types.js";

const clients = new WeakMap<Answer, AgentClient>();

type LooseCall = (params: Record<string, unknown>) => Promise<unknown>;

/** Call `client[action](request)` and keep the answer with its request and the server identity. */
export async function browse<A extends ManyAction>(
  client: AgentClient,
  action: A,
  request: Readonly<Record<string, unknown>>,
): Promise<Answer<A>> {
  const call = (client[action] as LooseCall).bind(client) as LooseCall;
  const [result, source] = await Promise.all([call({ ...request }), client.version()]);
  const answer: Answer<A> = { action, request: { ...request }, result: result as ManyPage, source };
  clients.set(answer, client);
  return answer;
}

/** Keep `client` as the one that answered `answer` (for answers built without `browse`). */
export function rememberClient<A extends ManyAction>(answer: Answer<A>, client: AgentClient): Answer<A> {
  clients.set(answer, client);
  return answer;
}

/** The client an answer came from: the one `browse` used, else the one passed in the options. */
export function clientFor(fn: string, answer: Answer, given: AgentClient | undefined): AgentClient {
  const client = given ?? clients.get(answer);
  if (!client) {
    throw new OddkitAgentOptionsError(
      fn,
      "client",
      "this answer was not made by browse() (or was copied), so its client is unknown; pass { client } in the options.",
    );
  }
  return client;
}

/** Is `value` an Answer (as opposed to a bare client result)? */
export function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === "object" &&
    value !== null &&
    "action" in value &&
    "request" in value &&
    "result" in value &&
    "source" in value
  );
}
