/** The client's error classes now live one a file under src/errors/; this path stays for existing imports. */
export * from "../errors/index.js";
