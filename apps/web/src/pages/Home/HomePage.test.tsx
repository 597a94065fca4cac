import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, OTHER_REALM } from '../../test/fake-auth-server.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionWith } from '../../test/session.ts';

const WAIT = { timeout: 5000 };
const NOW = new Date().toISOString();

function analysis(id: string, build_status: string | null, run_status: string | null) {
  return {
    id,
    name: `analysis-${id}`,
    project_id: 'p1',
    realm_id: OTHER_REALM.id,
    build_status,
    run_status,
    created_at: NOW,
    updated_at: NOW,
  };
}

function server(analyses: ReturnType<typeof analysis>[]) {
  const fake = new FakeAuthServer();
  serveResource(fake, '/core/analyses', analyses);
  serveResource(fake, '/core/projects', []);
  return fake;
}

describe('home page', () => {
  it('says there are no analyses yet instead of two empty status groups', async () => {
    renderApp('/', { session: sessionWith('analysis_create'), server: server([]) });
    expect(await screen.findByText('No analyses yet.', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('By build status')).not.toBeInTheDocument();
  });

  it('counts analyses that have not been built or run yet under "none"', async () => {
    const fake = server([
      analysis('a1', null, null),
      analysis('a2', null, null),
      analysis('a3', 'finished', 'running'),
    ]);
    renderApp('/', { session: sessionWith('analysis_create'), server: fake });
    expect(await screen.findByText('By build status', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findAllByText('none: 2', {}, WAIT)).toHaveLength(2);
    expect(screen.getByText('finished: 1')).toBeInTheDocument();
    expect(screen.getByText('running: 1')).toBeInTheDocument();
    expect(screen.queryByText('No analyses yet.')).not.toBeInTheDocument();
  });
});
