import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import { sessionWith } from '../../test/session.ts';

const WAIT = { timeout: 5000 };

const node = (patch: Record<string, unknown> = {}) => ({
  ...records.node({
    id: 'n1',
    name: 'site-alpha',
    external_name: 'site_alpha',
    realm_id: MASTER_REALM.id,
  }),
  ...patch,
});

function server(rows: ReturnType<typeof node>[] = [node()]) {
  const fake = new FakeAuthServer();
  const nodes = serveResource(fake, '/core/nodes', rows);
  serveResource(fake, '/core/project-nodes', []);
  serveResource(fake, '/core/analysis-nodes', []);
  serveResource(fake, '/core/registries', [{ id: 'r1', name: 'harbor', host: 'harbor.example.org' }]);
  return { fake, nodes };
}

describe('node screens', () => {
  it('creates a node with the spec fields and shows the robot secret once', async () => {
    const { fake, nodes } = server([]);
    fake.intercept('POST', '/core/nodes', (call) => {
      const row = { ...node({ id: 'n9' }), ...call.body, robot_id: 'b9' };
      nodes.push(row);
      return Response.json({ ...row, robot_secret: 'S'.repeat(64) }, { status: 201 });
    });
    renderApp('/admin/nodes/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, WAIT), 'x');
    await user.type(screen.getByRole('textbox', { name: 'External name' }), 'bad name');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field should be at least 3 characters long')).toBeInTheDocument();
    expect(
      screen.getByText('Only letters, digits, hyphens and underscores are allowed.'),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '-ray');
    await user.clear(screen.getByRole('textbox', { name: 'External name' }));
    await user.type(screen.getByRole('textbox', { name: 'External name' }), 'x_ray');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Node created' }, WAIT);
    expect(dialog).toHaveTextContent('S'.repeat(64));
    expect(within(dialog).getByRole('button', { name: 'Copy New secret of the robot' })).toBeInTheDocument();
    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === '/core/nodes');
    expect(sent?.body).toEqual({
      name: 'x-ray',
      type: 'default',
      external_name: 'x_ray',
      hidden: false,
      registry_id: null,
      realm_id: MASTER_REALM.id,
    });
  }, 20_000);

  it('says when the robot or the registry project of a node is missing', async () => {
    const { fake } = server([node({ robot_id: null }), node({ id: 'n2', name: 'beta', registry_id: 'r1' })]);
    const first = renderApp('/admin/nodes/n1/robot', { session: adminSession, server: fake });
    expect(await screen.findByText('The robot details can not be displayed.', {}, WAIT)).toBeInTheDocument();
    first.unmount();
    const second = renderApp('/admin/nodes/n1/registry', { session: adminSession, server: fake });
    expect(
      await screen.findByText('The node has not been assigned to a registry yet.', {}, WAIT),
    ).toBeInTheDocument();
    second.unmount();
    renderApp('/admin/nodes/n2/registry', { session: adminSession, server: fake });
    expect(
      await screen.findByText('No related registry-resource exists at the moment.', {}, WAIT),
    ).toBeInTheDocument();
  });

  it('shows "not found" for an unknown node', async () => {
    const { fake } = server();
    renderApp('/admin/nodes/unknown', { session: adminSession, server: fake });
    expect(await screen.findByText('The entry could not be loaded.', {}, WAIT)).toBeInTheDocument();
  });

  it('stores a pasted public key only when it is an EC P-256 key', async () => {
    const { fake } = server();
    renderApp('/admin/nodes/n1/crypto', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Public key (PEM)' }, WAIT);
    await user.type(field, 'not a key');
    await user.click(screen.getByRole('button', { name: 'Store public key' }));
    expect(await screen.findByText('This is not a PEM encoded EC P-256 public key.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/nodes/n1')).toBe(false);
  }, 15_000);

  it('keeps the add tab and the edit form from users who may not create or update nodes', async () => {
    const { fake } = server();
    renderApp('/admin/nodes/n1', { session: sessionWith('node_delete'), server: fake });
    expect(await screen.findByRole('heading', { name: 'site-alpha' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: 'site-alpha' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
