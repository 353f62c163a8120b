// Two consumer labels in one transport module: which one a call is made with cannot be told.
export const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";
export const SITE_URL = `${ODDKIT_URL}?consumer=klappy.dev`;
export const ADMIN_URL = `${ODDKIT_URL}?consumer=klappy-admin`;
export async function readRpc(response) {
  return JSON.parse(await response.text());
}
