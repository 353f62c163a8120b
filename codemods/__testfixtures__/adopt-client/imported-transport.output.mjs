// The URL and the session come from a shared module; the consumer label is set there.
import { ODDKIT_URL } from "./_transport/rpc.mjs";

import { createOddkitClient } from "oddkit-sdk";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "klappy.dev"
});

export async function suggestions(query) {
  const result = await oddkit.search({
    query,
    limit: 5
  });

  return result.data.map((hit) => hit.title);
}
