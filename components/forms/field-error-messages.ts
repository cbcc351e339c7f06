// react-hook-form keeps a resolver's errors as a tree shaped like the values (objects, arrays). The
// forms show one message per field id, as the server's `fieldErrors` do, so the tree is flattened.
import type { FieldError, FieldErrors, FieldValues } from "react-hook-form";

const isLeaf = (node: unknown): node is FieldError => typeof node === "object" && node !== null && typeof (node as FieldError).message === "string";

/**
 * Field path -> first message of every error in `errors`. Paths are dotted ("objectiveWeights.carbon",
 * "allowedGpuModels.0"); with `topLevel` they are cut to the first segment ("allowedGpuModels"), for
 * forms that show one message per top-level field.
 */
export function fieldErrorMessages(errors: FieldErrors<FieldValues>, { topLevel = false }: { topLevel?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== "object" || node === null) return;
    if (isLeaf(node) && node.message) out[(topLevel ? path.slice(0, 1) : path).join(".")] ??= node.message;
    for (const [key, child] of Object.entries(node)) {
      // `ref` is the DOM element; `types` repeats the messages of a criteria-mode "all" error.
      if (key === "ref" || key === "types" || key === "message" || key === "type") continue;
      walk(child, key === "root" ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return out;
}
