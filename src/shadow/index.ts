/** Shadow compare: server-side structural filter vs the consumer's local predicate (validation gate 2). */
export * from "./compare.js";
export * from "./format.js";
export * from "./load-predicate.js";
export * from "./run.js";
export * from "./wrapper.js";
