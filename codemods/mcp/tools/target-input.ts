/** The `files` or `folder` input of the tools that read many files (plan, check). */
import { z } from "zod";
import { fileInput } from "../inputs.js";

export const targetShape = {
  files: z
    .array(fileInput)
    .optional()
    .describe("the app's source files, each path (relative to the app's root) + text; give this or folder"),
  folder: z
    .string()
    .optional()
    .describe(
      'a folder relative to the server\'s --root ("." for the root itself), read in place and never written; only when the server was started with --root',
    ),
};
