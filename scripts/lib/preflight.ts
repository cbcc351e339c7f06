// Checks that turn common start-up failures into one clear sentence instead of a stack trace.
import { accessSync, constants, mkdirSync } from "node:fs";
import { createServer } from "node:net";

/** Resolves when `port` can be bound on all interfaces; rejects with a sentence naming the port. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `Port ${port} (${what}) is already in use: stop whatever is using it or choose another port.`
            : `Cannot listen on port ${port} (${what}): ${error.message}.`,
        ),
      );
    });
    server.listen(port, () => server.close(() => resolve()));
  });
}

/** Creates `dir` if needed and checks it is writable; throws a sentence naming the folder. */
export function assertWritableDir(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    throw new Error(`The ${what} folder ${dir} is not writable: fix its permissions or set VERDANT_DATA_DIR to a writable folder.`);
  }
}
