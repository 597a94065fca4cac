import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { hubResources } from '../../resources/hub-resources.ts';
import { installFakeRealtime } from '../../resources/live/fake-live-socket.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { adminSession, createTestSession } from '../../test/session.ts';
import { useCounts } from './use-counts.ts';

function FailedBuilds() {
  const counts = useCounts([
    {
      key: 'failed',
      resource: hubResources.analyses,
      filter: { build_status: 'failed' },
      enabled: true,
    },
  ]);
  return <p>failed builds: {counts.failed ?? '…'}</p>;
}

describe('useCounts', () => {
  it('counts again when an analysis changes elsewhere', async () => {
    const test = createTestSession({ signedIn: adminSession });
    await test.session.resolve();
    const rows = serveResource(test.server, '/core/analyses', [
      { id: 'a1', build_status: 'failed' },
      { id: 'a2', build_status: 'started' },
    ]);
    const live = installFakeRealtime(test.session);
    renderWithProviders(<FailedBuilds />, { session: test.session });
    await screen.findByText('failed builds: 1');

    rows[1] = { id: 'a2', build_status: 'failed' };
    act(() => live.socket.push('analysis', 'updated', rows[1]!));
    await waitFor(() => expect(screen.getByText('failed builds: 2')).toBeTruthy(), { timeout: 3_000 });
  });
});
