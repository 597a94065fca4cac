/**
 * PostgreSQL's buffer cache inside the embedded database (PGlite), in MB. initdb chooses 128 MB,
 * all of it resident in the server process (PGlite's WebAssembly memory); the embedded database
 * serves small installations whose working set is far smaller (docs/architecture.md, "Memory").
 * EMBEDDED_DB_SHARED_BUFFERS_MB changes it.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;
