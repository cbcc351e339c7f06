/** Where the command line writes and what it reads from its environment, injected so tests run it in-process. */

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

/** Exit codes, documented in docs/cli.md; scripts branch on them. */
export const EXIT = {
  ok: 0,
  /** The server refused the request: no such job, a job that can no longer be cancelled, a conflict. */
  refused: 1,
  /** Bad usage or invalid input (an unknown flag, a field the server rejected). */
  usage: 2,
  /** No token, or the server did not accept it (401), or the role may not do this (403). */
  auth: 3,
  /** The server could not be reached, or did not answer as a Verdant server. */
  unreachable: 4,
} as const;

/** The real process: stdout, stderr and the environment. */
export function processIo(): CliIo {
  return { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text), env: process.env };
}

/** An error the command line reports in one sentence, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}
