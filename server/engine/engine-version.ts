/**
 * The engine's declared version. A stored decision records it (with a content hash of the engine's
 * source, computed outside the engine) so a replay that differs after an upgrade is labelled as an
 * engine change rather than as a wrong record. Bump it when a change is meant to alter decisions.
 */
export const ENGINE_VERSION = "1.0.0";
