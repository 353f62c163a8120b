#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli, bundled to dist/cli by `npm run build` (scripts/bundle-cli.ts;
// `npm ci` runs it via `prepare`): one bundle loads far faster than the ~250 modules of dist/src.
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
