/**
 * Writes and reads the engine inputs of decisions: parts from the codec, gzip-compressed, stored
 * once per content hash in the transaction that writes the decision.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { Db } from "../db/client";
import { findInputParts, storeInputParts, type DecisionInputRow, type InputStore } from "../repositories/decision-input-repository";
import { CanonicalJsonError } from "./canonical-json";
import {
  decodeDecisionInput,
  encodeDecisionInput,
  type DecisionEngineInput,
  type DecodedInput,
  type InputEncodingCache,
  type InputPart,
} from "./decision-input-codec";

/**
 * Writes a decision's input parts inside the decision's transaction; returns the root hash to store on
 * the decision, or null when the input holds a value JSON cannot carry (reported through `onUnrecorded`).
 */
export type DecisionInputWriter = (tx: InputStore) => Promise<string | null>;

/**
 * A writer for one decision's input. Nothing is encoded until it runs (a repeat of a waiting decision
 * stores nothing); the snapshot objects are immutable, so encoding later sees what the engine saw.
 * Only parts the database does not hold yet are compressed and written.
 */
export function decisionInputWriter(
  input: DecisionEngineInput,
  cache?: InputEncodingCache,
  onUnrecorded?: (error: CanonicalJsonError) => void,
): DecisionInputWriter {
  return async (tx) => {
    let encoded;
    try {
      encoded = encodeDecisionInput(input, cache);
    } catch (error) {
      if (!(error instanceof CanonicalJsonError)) throw error;
      onUnrecorded?.(error);
      return null;
    }
    await storeInputParts(tx, encoded.parts, compressInputPart);
    return encoded.root;
  };
}

/** A part as stored: gzip of its canonical JSON, with the length before compression. */
export function compressInputPart(p: InputPart): DecisionInputRow {
  const bytes = Buffer.from(p.text, "utf8");
  return { hash: p.hash, kind: p.kind, body: new Uint8Array(gzipSync(bytes)), sizeBytes: bytes.byteLength, refs: [...p.refs] };
}

/** The stored input under `root`, joined back, with any part that is missing or changed. */
export function loadDecisionInput(db: Db, root: string): Promise<DecodedInput> {
  return decodeDecisionInput(root, async (hashes) => {
    const rows = await findInputParts(db, hashes);
    return new Map(rows.map((r) => [r.hash, { kind: r.kind, text: gunzipSync(r.body).toString("utf8") }]));
  });
}
