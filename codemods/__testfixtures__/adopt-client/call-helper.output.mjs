// A file's own call helper that only forwards the tool and its arguments over fetch.
import { ODDKIT_URL } from "./_transport/rpc.mjs";

import { createOddkitClient } from "oddkit-sdk";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "klappy.dev"
});

export async function titles(query) {
  const result = await oddkit.search({
    query,
    limit: 5
  });
  return result.data.map((hit) => hit.title);
}
