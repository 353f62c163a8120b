import { byteLength } from "./src/bytes.js";
import { checkCompliance, fastAccept, KINDS, resultSchema, toolNameFor, validateRequest } from "./src/contract/index.js";
import { createReferenceServer } from "./src/server/index.js";
const server = await createReferenceServer();
const args = { limit: 500, include: [...KINDS] };
const raw = await server.callTool(toolNameFor("catalog"), args);
const text = (raw.content[0] as { text: string }).text;
const v = validateRequest("catalog", args); if (!v.ok) throw 0;
const req = v.request;
const env = JSON.parse(text);
const schema = resultSchema("catalog", req.disclosure, {});
const acc = fastAccept(schema);
const t = (name: string, fn: () => void, n = 400) => { for (let i = 0; i < 50; i++) fn(); const s = performance.now(); for (let i = 0; i < n; i++) fn(); console.log(name, ((performance.now() - s) / n).toFixed(4)); };
for (let r = 0; r < 3; r++) {
t("parse", () => JSON.parse(text));
t("bytes", () => byteLength(text));
t("fast", () => acc(env.result));
t("zod", () => schema.safeParse(env.result));
t("compliance", () => checkCompliance({ action: "catalog", params: args, resolved: req }, env, { resultSchemaPassed: true }));
}
await server.close();
