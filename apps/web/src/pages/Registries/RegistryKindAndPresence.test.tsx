import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

describe('registry kind and master images in the registry', () => {
  it('creates a registry of the chosen kind (OCI)', async () => {
    const fake = new FakeAuthServer();
    const registries = serveResource(fake, '/core/registries', [
      { id: 'r1', name: 'harbor-main', host: 'harbor.example.org', kind: 'harbor' },
    ]);
    fake.intercept('POST', '/core/registries', (call) => {
      const row = { id: 'r2', ...(call.body as object) };
      registries.push(row);
      return Response.json(row, { status: 201 });
    });
    renderApp('/admin/services/registry/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, WAIT), 'loopback');
    await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'http://127.0.0.1:5000');
    await user.click(screen.getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'OCI registry' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === '/core/registries');
    expect(sent?.body).toMatchObject({ name: 'loopback', host: 'http://127.0.0.1:5000', kind: 'oci' });
  });

  it('checks a new registry as the server will before sending it', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/core/registries', []);
    renderApp('/admin/services/registry/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, WAIT), 'lo');
    await user.type(screen.getByRole('textbox', { name: /^Account name/ }), '  ab  ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeInTheDocument();
    expect(screen.getAllByText('This field should be at least 3 characters long')).toHaveLength(2);
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/core/registries')).toBe(false);
  });

  it('shows for each master image whether the registry holds it', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/core/master-image-groups', [
      { id: 'g1', name: 'python', path: 'python', virtual_path: 'python' },
    ]);
    serveResource(fake, '/core/master-images', [
      {
        id: 'm1',
        name: 'base',
        path: 'python/base',
        virtual_path: 'python/base',
        group_virtual_path: 'python',
      },
      {
        id: 'm2',
        name: 'slim',
        path: 'python/slim',
        virtual_path: 'python/slim',
        group_virtual_path: 'python',
      },
    ]);
    fake.route('GET', '/core/master-images/presence', () =>
      Response.json({
        registry_id: 'r1',
        image: 'registry.example.org/master/<virtual path>:latest',
        data: [
          { id: 'm1', virtual_path: 'python/base', present: true, digest: 'sha256:1', error: null },
          { id: 'm2', virtual_path: 'python/slim', present: false, digest: null, error: null },
        ],
      }),
    );
    renderApp('/admin/services/master-images', { session: adminSession, server: fake });

    const table = await screen.findByRole('table', { name: 'Images of the group python' }, WAIT);
    const base = within(table).getByRole('row', { name: /python\/base/ });
    const slim = within(table).getByRole('row', { name: /python\/slim/ });
    expect(await within(base).findByText('Present', {}, WAIT)).toBeInTheDocument();
    expect(within(slim).getByText('Missing')).toBeInTheDocument();
  });
});
