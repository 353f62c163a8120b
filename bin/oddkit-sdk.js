#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli (compiled to dist by `npm run build`, which `npm ci` runs via `prepare`).
import { main } from "../dist/src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
