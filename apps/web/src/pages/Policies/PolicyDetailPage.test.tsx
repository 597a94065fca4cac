import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-auth-server.ts';
import { openPolicies, type StoredPolicy } from './policies.test-support.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const timePolicy: StoredPolicy = {
  id: 'time-1',
  name: 'office-hours',
  type: 'time',
  parent_id: null,
  realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
  invert: false,
  start: '08:00',
  end: '17:00',
  interval: 'monthly',
  dayOfWeek: 1,
  dayOfMonth: 15,
};
const group: StoredPolicy = {
  id: 'group-1',
  name: 'group-1',
  type: 'composite',
  parent_id: null,
  realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
  decisionStrategy: 'unanimous',
};
const member: StoredPolicy = {
  id: 'member-1',
  name: 'member-1',
  type: 'identity',
  parent_id: 'group-1',
  realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
  types: ['user'],
};
const loose: StoredPolicy = {
  id: 'loose-1',
  name: 'loose-1',
  type: 'date',
  parent_id: null,
  realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
  invert: true,
};

describe('PolicyDetailPage', () => {
  it('keeps the type fixed and sends cleared day fields as null when the interval changes', async () => {
    const { user, api } = openPolicies('/admin/policies/time-1', [timePolicy]);
    const form = await screen.findByRole('form', { name: 'Edit policy' });
    expect(within(form).getByRole('radio', { name: 'Time' })).toBeChecked();
    for (const radio of within(form).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(form).getByText('The type of a policy can not be changed.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Day of the month' })).toHaveValue('15');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Interval' }), 'weekly');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updates).toHaveLength(1));
    expect(api.updates[0]).toEqual({
      id: 'time-1',
      body: {
        name: 'office-hours',
        display_name: null,
        description: null,
        invert: false,
        start: '08:00',
        end: '17:00',
        interval: 'weekly',
        dayOfWeek: 1,
        dayOfMonth: null,
        dayOfYear: null,
      },
    });
  });

  it('shows the expanded tree and moves children in and out of a composite', async () => {
    const { user, api } = openPolicies('/admin/policies/group-1', [group, member, loose]);
    const tree = await screen.findByTestId('policy-tree');
    await waitFor(() => expect(within(tree).getByText('member-1')).toBeInTheDocument());
    expect(within(tree).getByText('group-1')).toBeInTheDocument();
    expect(within(tree).getByText('Unanimous: all must pass')).toBeInTheDocument();

    // Candidates: not the composite itself, hanging below nothing or below it.
    const add = await screen.findByRole('button', { name: 'Add loose-1 as child policy' });
    const candidates = api.lists.at(-1)!;
    expect(candidates.query.get('filter[parent_id]')).toBe('null,group-1');
    expect(candidates.query.get('filter[id]')).toBe('!group-1');

    await user.click(add);
    await waitFor(() =>
      expect(api.updates).toContainEqual({ id: 'loose-1', body: { parent_id: 'group-1' } }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('policy-tree')).getByText('loose-1')).toBeInTheDocument(),
    );
    expect(within(screen.getByTestId('policy-tree')).getByText('inverted')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Remove member-1 from the child policies' }));
    await waitFor(() => expect(api.updates).toContainEqual({ id: 'member-1', body: { parent_id: null } }));
    await waitFor(() =>
      expect(within(screen.getByTestId('policy-tree')).queryByText('member-1')).not.toBeInTheDocument(),
    );
  });

  it('creates a child of a composite in place, in its realm and below it', async () => {
    const otherRealm = { ...group, realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002' };
    const { user, api } = openPolicies('/admin/policies/group-1', [otherRealm, member]);
    await user.click(await screen.findByRole('button', { name: 'New child policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New child policy of group-1' });
    const form = within(dialog).getByRole('form', { name: 'New policy' });
    // The child's realm is the composite's: nothing to pick.
    expect(within(form).queryByRole('textbox', { name: /^Realm/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Date' }));
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'spring');
    fireEvent.change(within(form).getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({
      type: 'date',
      name: 'spring',
      parent_id: 'group-1',
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('updates a composite without sending its type', async () => {
    const { user, api } = openPolicies('/admin/policies/group-1', [group, member]);
    const form = await screen.findByRole('form', { name: 'Edit policy' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Decision strategy' }), 'consensus');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updates).toHaveLength(1));
    expect(api.updates[0]!.body).toEqual({
      name: 'group-1',
      display_name: null,
      description: null,
      invert: false,
      decisionStrategy: 'consensus',
    });
  });

  it('reports a failed move of a child in a notification whose close button has a name', async () => {
    const { user, server } = openPolicies('/admin/policies/group-1', [group, member, loose]);
    const add = await screen.findByRole('button', { name: 'Add loose-1 as child policy' });
    server.intercept('POST', '/auth/policies/loose-1', () =>
      json(403, { statusCode: 403, code: 'forbidden', message: 'no' }),
    );
    await user.click(add);
    const notice = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((alert) => alert.textContent?.includes('You are not allowed to do this.'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(notice).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
