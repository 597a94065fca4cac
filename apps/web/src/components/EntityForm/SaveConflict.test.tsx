import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };
const VERSION = '2026-01-02T03:04:05.678Z';

describe('saving a record someone else changed meanwhile', () => {
  it('sends the loaded version, and after a refusal offers reload or overwrite', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/auth/robots', [
      {
        id: 'b1',
        name: 'worker',
        secret: null,
        secret_set: true,
        realm_id: MASTER_REALM.id,
        updated_at: VERSION,
      },
    ]);
    fake.intercept('POST', '/auth/robots/b1', () =>
      Response.json(
        {
          statusCode: 412,
          code: 'entity_modified',
          message:
            'The robot was changed by someone else since it was loaded; reload it, or save again to overwrite.',
        },
        { status: 412 },
      ),
    );
    fake.intercept('POST', '/auth/robots/b1', (call) =>
      Response.json({ id: 'b1', name: 'worker', ...call.body }, { status: 202 }),
    );
    renderApp('/admin/robots/b1', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }, WAIT));

    expect(await screen.findByText('Changed by someone else', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const saves = () =>
      fake.calls.filter((call) => call.method === 'POST' && call.path === '/auth/robots/b1');
    expect(saves()[0]?.ifMatch).toBe(`"${VERSION}"`);

    await user.click(screen.getByRole('button', { name: 'Overwrite with my changes' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.ifMatch).toBeUndefined();
    await waitFor(() => expect(screen.queryByText('Changed by someone else')).not.toBeInTheDocument());
  }, 20_000);
});
