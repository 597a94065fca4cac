import { buildServer } from '../../apps/server/scripts/bundle-server.ts';

/**
 * The tests start the server from its bundle, as `npm start` does; bundling once before they run
 * keeps it in step with the sources under test.
 */
export default async function setup(): Promise<void> {
  await buildServer();
}
