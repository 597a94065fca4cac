/**
 * The server's entry point (`npm start` runs its bundle, `npm run dev` this file). It compiles the
 * embedded database's WebAssembly before anything else is loaded, while the process is still small,
 * and only then loads and starts the server (start-server.ts): the compilation's one big burst of
 * memory then never adds to the server's own (docs/architecture.md, "Memory").
 */
import { embeddedDatabaseChosen } from './config/embedded-database.ts';
import { precompilePglite } from './platform/db/pglite-precompile.ts';

if (embeddedDatabaseChosen()) precompilePglite();
await import('./start-server.ts');
