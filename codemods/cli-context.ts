/**
 * What `oddkit-sdk migrate` hands this package's command: the shape of the
 * library CLI's context (src/cli/context.ts), restated structurally so the
 * codemod package compiles against the published oddkit-sdk, which does not
 * export its CLI internals. test/package/workspace.test.ts holds the two to
 * each other (the library's context must be assignable to this one).
 */
export interface MigrateCliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stdout is a terminal: the progress bar may be drawn. */
  readonly isTTY: boolean;
  readonly cwd: string;
}

export interface CliContext {
  readonly io: MigrateCliIO;
  /** Set the process exit code (the highest code set wins). */
  exit(code: number): void;
  /** Aborted when the CLI is stopped. */
  readonly signal: AbortSignal;
}
