/** Stand-in for `react/jsx-runtime` (realworld harness only): see index.js. */
import { Fragment } from "./index.js";

export { Fragment };
export function jsx(type, props, key) {
  return { $$typeof: "element", type, key: key ?? null, props: props ?? {} };
}
export const jsxs = jsx;
export const jsxDEV = jsx;
