/**
 * Reads the files a scenario names: from an in-memory map first (an upload in the app), else from
 * disk relative to the scenario's folder. Gzip is recognised by its magic bytes, so `.gz` naming is
 * not required. Each file is read once per load even when several clusters name it.
 */
import { readFile } from "node:fs/promises";
import { basename, isAbsolute, relative, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { ScenarioError } from "./errors";

/** Where a scenario's files come from. */
export interface FileSourceOptions {
  /** Folder that relative paths in the scenario are resolved against (the scenario file's folder). */
  baseDir: string;
  /**
   * In-memory contents keyed by the path exactly as written in the scenario (text, or bytes for
   * gzip). Only own entries count, so a scenario naming `constructor` never reads Object's.
   */
  files?: Record<string, string | Uint8Array>;
  /** When set, disk reads outside these folders are refused (for scenarios uploaded to a server). */
  allowedRoots?: readonly string[];
}

/** A file's text and the name errors use for it (the path as written in the scenario). */
export interface LoadedText {
  readonly text: string;
  readonly display: string;
}

function decode(bytes: Uint8Array, display: string, field: string): string {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes).toString("utf8");
    } catch (error) {
      throw new ScenarioError(field, `${display}: not a valid gzip file (${(error as Error).message})`, display);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * How errors name a file: as the scenario wrote it, except an absolute path, which is shown relative
 * to the working directory (or by its file name when outside it), so no server path reaches a message.
 */
function displayName(path: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : basename(path);
}

function inside(root: string, target: string): boolean {
  const rel = relative(resolve(root), target);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Creates a reader with a per-load cache. `field` names the scenario field for error messages. */
export function createFileReader(options: FileSourceOptions): (path: string, field: string) => Promise<LoadedText> {
  const cache = new Map<string, Promise<string>>();
  return async (path, field) => {
    const memory = options.files && Object.hasOwn(options.files, path) ? options.files[path] : undefined;
    if (typeof memory === "string" || memory instanceof Uint8Array)
      return { text: typeof memory === "string" ? memory : decode(memory, path, field), display: path };
    const display = displayName(path);
    const absolute = resolve(options.baseDir, path);
    if (options.allowedRoots && !options.allowedRoots.some((root) => inside(root, absolute))) {
      throw new ScenarioError(field, `${display}: not among the uploaded files, and reading it from disk is not allowed here`, display);
    }
    let pending = cache.get(absolute);
    if (!pending) {
      pending = readFile(absolute).then(
        (bytes) => decode(bytes, display, field),
        (error: NodeJS.ErrnoException) => {
          // The error code only: the system's message would quote the absolute path.
          const why =
            error.code === "ENOENT" ? "file not found" : error.code === "EISDIR" ? "is a folder, not a file" : `cannot read (${error.code ?? "unknown error"})`;
          throw new ScenarioError(field, `${why}: ${display}${isAbsolute(path) ? "" : " (relative to the scenario's folder)"}`, display);
        },
      );
      cache.set(absolute, pending);
    }
    return { text: await pending, display };
  };
}
