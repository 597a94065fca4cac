import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, OTHER_REALM } from '../../test/fake-auth-server.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionWith } from '../../test/session.ts';

const WAIT = { timeout: 5000 };
const NOW = new Date().toISOString();

function project(id: string, name: string, analyses: number) {
  return {
    id,
    name,
    analyses,
    nodes: 2,
    realm_id: OTHER_REALM.id,
    user_id: null,
    created_at: NOW,
    updated_at: NOW,
  };
}

function server() {
  const fake = new FakeAuthServer();
  serveResource(fake, '/core/projects', [project('p1', 'Busy study', 3), project('p2', 'Fresh study', 0)]);
  return fake;
}

describe('project screens', () => {
  it('lists projects as cards with their counts; delete only with project_delete and not while analyses exist', async () => {
    renderApp('/projects', { session: sessionWith('project_create', 'project_delete'), server: server() });
    const list = await screen.findByRole('list', { name: 'Projects' }, WAIT);
    const busy = within(list).getByText('Busy study').closest('li')!;
    expect(busy).toHaveTextContent('Analyses: 3');
    expect(busy).toHaveTextContent('Nodes: 2');
    expect(within(busy as HTMLElement).getByRole('button', { name: 'Delete Busy study' })).toBeDisabled();
    const fresh = within(list).getByText('Fresh study').closest('li')! as HTMLElement;
    expect(within(fresh).getByRole('button', { name: 'Delete Fresh study' })).toBeEnabled();
    expect(within(fresh).getByRole('link', { name: 'Open Fresh study' })).toHaveAttribute(
      'href',
      '/projects/p2',
    );
  });

  it('shows the first 10 of 1,000 projects, fetching only that page', async () => {
    const fake = new FakeAuthServer();
    serveResource(
      fake,
      '/core/projects',
      Array.from({ length: 1000 }, (_, index) => project(`p${index}`, `Study ${index}`, 0)),
    );
    renderApp('/projects', { session: sessionWith('project_create'), server: fake });
    const list = await screen.findByRole('list', { name: 'Projects' }, WAIT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    const reads = fake.calls.filter((call) => call.method === 'GET' && call.path === '/core/projects');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.query.get('page[limit]')).toBe('10');
      expect(read.query.get('page[offset]')).toBe('0');
    }
  });

  it('shows no delete button without project_delete', async () => {
    renderApp('/projects', { session: sessionWith('project_create'), server: server() });
    await screen.findByText('Fresh study', {}, WAIT);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('checks name and description before creating a project', async () => {
    const fake = server();
    renderApp('/projects/add', { session: sessionWith('project_create'), server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, WAIT), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field should be at least 5 characters long')).toHaveLength(2);
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/projects')).toBe(false);
  });

  it('checks the name as the server will, after trimming: blanks are missing, padding does not count', async () => {
    const fake = server();
    renderApp('/projects/add', { session: sessionWith('project_create'), server: fake });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    await user.type(name, '     ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '  abc  ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field should be at least 5 characters long')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/projects')).toBe(false);
  });

  it('shows the not-found page for an unknown project id', async () => {
    renderApp('/projects/nope', { session: sessionWith('project_create'), server: server() });
    expect(await screen.findByText('Page Not Found: /projects/nope', {}, WAIT)).toBeInTheDocument();
  });
});
