import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, OTHER_REALM } from '../../test/fake-auth-server.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionWith } from '../../test/session.ts';

const WAIT = { timeout: 5000 };
const NOW = new Date().toISOString();

function analysis(changes: Record<string, unknown>) {
  return {
    id: 'a1',
    name: 'Survival',
    project_id: 'p1',
    realm_id: OTHER_REALM.id,
    master_image_id: 'm1',
    nodes: 3,
    configuration_locked: false,
    build_status: null,
    run_status: null,
    created_at: NOW,
    updated_at: NOW,
    ...changes,
  };
}

function server(row: ReturnType<typeof analysis>) {
  const fake = new FakeAuthServer();
  serveResource(fake, '/core/analyses', [row]);
  serveResource(fake, '/core/analysis-nodes', []);
  return fake;
}

describe('analysis screens', () => {
  it('offers only the commands the analysis state allows, and shows the server’s refusal', async () => {
    const fake = server(analysis({}));
    fake.intercept(
      'POST',
      '/core/analyses/a1/command',
      () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            code: 'bad_request',
            message: 'At least one node has not approved the analysis.',
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderApp('/analyses/a1', { session: sessionWith('analysis_update'), server: fake });
    const lock = await screen.findByRole('button', { name: 'Lock' }, WAIT);
    for (const name of ['Unlock', 'Start build', 'Stop build', 'Check']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await userEvent.setup().click(lock);
    expect(
      (await screen.findAllByText('At least one node has not approved the analysis.', {}, WAIT)).length,
    ).toBeGreaterThan(0);
  });

  it('shows build start and stop by the build status, with the status label', async () => {
    renderApp('/analyses/a1', {
      session: sessionWith('analysis_update'),
      server: server(analysis({ configuration_locked: true, build_status: 'starting' })),
    });
    expect((await screen.findAllByText('Build: starting...', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Stop build' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start build' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(await screen.findByText('No nodes selected for the analysis.', {}, WAIT)).toBeInTheDocument();
  });

  it('asks for a project and a name before creating an analysis', async () => {
    const fake = server(analysis({}));
    serveResource(fake, '/core/projects', []);
    renderApp('/analyses/add', { session: sessionWith('analysis_create'), server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Description/ }, WAIT), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required', {}, WAIT)).toHaveLength(2);
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/analyses')).toBe(false);
  });

  it('shows no command to somebody who may not run them', async () => {
    renderApp('/analyses/a1', { session: sessionWith('analysis_result_read'), server: server(analysis({})) });
    expect(await screen.findByText('No command is possible right now.', {}, WAIT)).toBeInTheDocument();
  });
});
