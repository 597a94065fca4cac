import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import type { CommandJob } from './use-command-job.ts';

const WAIT = { timeout: 5000 };
const REGISTRY = { id: 'r1', name: 'harbor-main', host: 'harbor.example.org', kind: 'harbor' };

const job = (patch: Partial<CommandJob>): CommandJob => ({
  id: 'j1',
  queue: 'service',
  name: 'registry.setup',
  target_id: 'r1',
  status: 'queued',
  attempts: 0,
  max_attempts: 5,
  last_error: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  ...patch,
});

/** A fake hub whose job list answers with `jobs` as they stand at the time of the call. */
function hub(jobs: CommandJob[]) {
  const fake = new FakeAuthServer();
  serveResource(fake, '/core/registries', [REGISTRY]);
  serveResource(fake, '/core/registry-projects', []);
  fake.route('GET', '/core/jobs', () =>
    Response.json({ data: [...jobs], meta: { total: jobs.length, limit: 20, offset: 0 } }),
  );
  fake.route('POST', '/core/services/registry/command', () => {
    jobs.unshift(job({ id: 'j2' }));
    return new Response(null, { status: 202 });
  });
  return fake;
}

describe('registry command panel', () => {
  it('follows the setup job from waiting to running to finished', async () => {
    const jobs: CommandJob[] = [];
    const fake = hub(jobs);
    renderApp('/admin/services/registry/r1/setup', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run setup' }, WAIT));
    expect(await screen.findByText('Waiting for the registry worker…', {}, WAIT)).toBeInTheDocument();
    const sent = fake.calls.find((call) => call.path === '/core/services/registry/command');
    expect(sent?.body).toEqual({ command: 'setup', id: 'r1' });
    const listed = fake.calls.find((call) => call.path === '/core/jobs');
    expect(listed?.query.get('target_id')).toBe('r1');

    jobs[0] = job({ id: 'j2', status: 'running', attempts: 1 });
    expect(await screen.findByText('Running, attempt 1 of 5…', {}, WAIT)).toBeInTheDocument();
    jobs[0] = job({ id: 'j2', status: 'finished', attempts: 1 });
    expect(await screen.findByText('Finished', { exact: false }, WAIT)).toBeInTheDocument();
  });

  it('shows the latest failed run with its reason and runs it again', async () => {
    const failed = job({
      status: 'failed',
      attempts: 5,
      last_error: 'Harbor answered 401: unauthorized.',
    });
    const jobs = [failed, job({ id: 'j0', name: 'registry.cleanup', status: 'finished' })];
    const fake = hub(jobs);
    fake.route('POST', '/core/jobs/j1/retry', () => {
      jobs[0] = job({ status: 'queued', attempts: 0 });
      return Response.json(jobs[0], { status: 202 });
    });
    renderApp('/admin/services/registry/r1/setup', { session: adminSession, server: fake });
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent('Failed after attempt 5 of 5');
    expect(alert).toHaveTextContent('Harbor answered 401: unauthorized.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText('Waiting for the registry worker…', {}, WAIT)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/jobs/j1/retry')).toBe(
      true,
    );
  });

  it('says only that the command was accepted to someone who may not read the jobs', async () => {
    const fake = hub([]);
    fake.route('GET', '/core/jobs', () =>
      Response.json({ code: 'not_found', message: 'The requested resource was not found.' }, { status: 404 }),
    );
    renderApp('/admin/services/registry/r1/setup', { session: adminSession, server: fake });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Run setup' }, WAIT));
    expect(
      await screen.findByText(
        'The command was accepted and queued; the registry worker carries it out.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  });
});
