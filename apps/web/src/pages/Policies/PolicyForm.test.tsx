import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-auth-server.ts';
import { openPolicies, type StoredPolicy } from './policies.test-support.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const heading = () => screen.findByRole('heading', { level: 1, name: 'Policies' });
const form = () => screen.getByRole('form', { name: 'New policy' });
const nameField = () => within(form()).getByRole('textbox', { name: 'Name' });
const submit = () => within(form()).getByRole('button', { name: 'Create' });

async function openAdd(initial: StoredPolicy[] = []) {
  const view = openPolicies('/admin/policies/add', initial);
  await heading();
  await screen.findByRole('form', { name: 'New policy' });
  return view;
}

async function chooseType(user: ReturnType<typeof openPolicies>['user'], label: string, name = 'my-policy') {
  await user.click(screen.getByRole('radio', { name: label }));
  await user.type(nameField(), name);
}

const childA: StoredPolicy = {
  id: 'child-a',
  name: 'child-a',
  type: 'identity',
  parent_id: null,
  realm_id: null,
};
const childB: StoredPolicy = {
  id: 'child-b',
  name: 'child-b',
  type: 'date',
  parent_id: null,
  realm_id: null,
};

describe('PolicyForm: basics', () => {
  it('blocks submission without a type and checks the basic fields', async () => {
    const { user, api } = await openAdd();
    await user.type(nameField(), 'a b');
    await user.type(within(form()).getByRole('textbox', { name: 'Display name' }), 'ab');
    await user.type(within(form()).getByRole('textbox', { name: 'Description' }), 'abcd');
    await user.click(submit());
    expect(screen.getByText('Choose a policy type.')).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription(
      'Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.',
    );
    expect(within(form()).getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription(
      'This field should be at least 3 characters long',
    );
    expect(within(form()).getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'This field should be at least 5 characters long',
    );
    expect(api.creates).toHaveLength(0);
  });

  it('offers all eight policy types', async () => {
    await openAdd();
    const names = within(form())
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    expect(names).toEqual([
      'composite',
      'date',
      'time',
      'attributeNames',
      'attributes',
      'realmMatch',
      'identity',
      'permissionBinding',
    ]);
  });
});

describe('PolicyForm: composite', () => {
  it('needs a child, creates the composite and then moves the chosen children below it', async () => {
    const { user, api, router } = await openAdd([childA, childB]);
    await chooseType(user, 'Composite', 'group-1');
    expect(within(form()).getByRole('combobox', { name: 'Decision strategy' })).toHaveValue('unanimous');
    await user.click(submit());
    expect(screen.getByText('Choose at least one child policy.')).toBeInTheDocument();
    expect(api.creates).toHaveLength(0);

    await user.selectOptions(
      within(form()).getByRole('combobox', { name: 'Decision strategy' }),
      'affirmative',
    );
    await user.click(await screen.findByRole('button', { name: 'Add child-b as child policy' }));
    expect(
      screen.getByRole('button', { name: 'Remove child-b from the child policies' }),
    ).toBeInTheDocument();
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/policies/new-1'));
    expect(api.creates).toEqual([
      {
        type: 'composite',
        name: 'group-1',
        invert: false,
        decisionStrategy: 'affirmative',
        realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      },
    ]);
    expect(api.updates).toEqual([{ id: 'child-b', body: { parent_id: 'new-1' } }]);
    // Candidates: top-level policies of the composite's realm.
    const candidates = api.lists.at(-1)!;
    expect(candidates.query.get('filter[parent_id]')).toBe('null');
    expect(candidates.query.get('filter[realm_id]')).toBe('0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001');
    expect(candidates.query.get('sort')).toBe('name');
  });
});

describe('PolicyForm: date', () => {
  it('wants the end not before the start and sends calendar days', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Date');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-05-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-04-01' } });
    await user.click(submit());
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription(
      expect.stringContaining('The end must not lie before the start.'),
    );
    expect(api.creates).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-06-30' } });
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({ type: 'date', start: '2025-05-01', end: '2025-06-30' });
  });
});

describe('PolicyForm: time', () => {
  it('checks times of day and day numbers', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Time');
    await user.type(screen.getByRole('textbox', { name: 'Start time' }), '25:00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'monthly');
    await user.type(screen.getByRole('textbox', { name: 'Day of the month' }), '32');
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: 'Start time' })).toHaveAccessibleDescription(
      expect.stringContaining('The value must be a time of day (HH:MM or HH:MM:SS)'),
    );
    expect(screen.getByRole('textbox', { name: 'Day of the month' })).toHaveAccessibleDescription(
      expect.stringContaining('The maximum value allowed is 31'),
    );
    expect(api.creates).toHaveLength(0);
  });

  it('accepts days of the year up to 365 only', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Time');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'yearly');
    const dayOfYear = screen.getByRole('textbox', { name: 'Day of the year' });
    expect(dayOfYear).toHaveAttribute('placeholder', '1-365');
    await user.type(dayOfYear, '366');
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: 'Day of the year' })).toHaveAccessibleDescription(
      expect.stringContaining('The maximum value allowed is 365'),
    );
    expect(api.creates).toHaveLength(0);
  });

  it('clears the day fields an interval does not check', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Time');
    await user.type(screen.getByRole('textbox', { name: 'Start time' }), '08:00');
    await user.type(screen.getByRole('textbox', { name: 'End time' }), '16:30:00');
    const interval = () => screen.getByRole('combobox', { name: 'Interval' });

    // No interval: no day fields.
    expect(screen.queryByRole('group', { name: 'Days of the week' })).not.toBeInTheDocument();
    await user.selectOptions(interval(), 'yearly');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.type(screen.getByRole('textbox', { name: 'Day of the month' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Day of the year' }), '100');

    await user.selectOptions(interval(), 'weekly');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Day of the month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Day of the year' })).not.toBeInTheDocument();

    // Back to yearly: the cleared fields stay empty.
    await user.selectOptions(interval(), 'yearly');
    expect(screen.getByRole('textbox', { name: 'Day of the month' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Day of the year' })).toHaveValue('');

    await user.selectOptions(interval(), 'weekly');
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toEqual({
      type: 'time',
      name: 'my-policy',
      invert: false,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      start: '08:00',
      end: '16:30:00',
      interval: 'weekly',
      dayOfWeek: 1,
    });
  });
});

describe('PolicyForm: weekdays', () => {
  it('takes Monday to Friday as a list of weekdays', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Time');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'weekly');
    const days = screen.getByRole('group', { name: 'Days of the week' });
    // Checked out of order on purpose: the list is sent in the order of the week.
    for (const day of ['Friday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      await user.click(within(days).getByRole('checkbox', { name: day }));
    }
    expect(within(days).getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({ type: 'time', interval: 'weekly', dayOfWeek: [1, 2, 3, 4, 5] });
  });
});

describe('PolicyForm: attributeNames', () => {
  it('wants at least one name of 3 to 128 characters', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Attribute names');
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: 'Attribute names 1' })).toHaveAccessibleDescription(
      'This field is required',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Attribute names 1' }));
    await user.click(submit());
    expect(screen.getByText('At least one attribute name is required.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to Attribute names' }));
    await user.type(screen.getByRole('textbox', { name: 'Attribute names 1' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Add to Attribute names' }));
    await user.type(screen.getByRole('textbox', { name: 'Attribute names 2' }), 'display_name');
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: 'Attribute names 1' })).toHaveAccessibleDescription(
      'This field should be at least 3 characters long',
    );
    expect(api.creates).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Attribute names 1' }), 'c');
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({ type: 'attributeNames', names: ['abc', 'display_name'] });
  });
});

describe('PolicyForm: attributes', () => {
  it('wants the query as a JSON object', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Attributes');
    const query = screen.getByRole('textbox', { name: 'Query' });
    await user.clear(query);
    await user.click(query);
    await user.paste('[1, 2]');
    await user.click(submit());
    expect(query).toHaveAccessibleDescription(expect.stringContaining('The query must be a JSON object.'));

    await user.clear(query);
    await user.paste('{"name": {"$regex": "^test"}}');
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({ type: 'attributes', query: { name: { $regex: '^test' } } });
  });
});

describe('PolicyForm: realmMatch', () => {
  it('checks the attribute names and sends the switches', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Realm match');
    await user.click(screen.getByRole('button', { name: 'Add to Realm attributes' }));
    await user.type(screen.getByRole('textbox', { name: 'Realm attributes 1' }), 'ab');
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: 'Realm attributes 1' })).toHaveAccessibleDescription(
      'This field should be at least 3 characters long',
    );
    await user.type(screen.getByRole('textbox', { name: 'Realm attributes 1' }), 'c_realm_id');
    await user.click(screen.getByRole('switch', { name: /^Master realm matches all/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Decision strategy' }), 'affirmative');
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({
      type: 'realmMatch',
      attributeName: ['abc_realm_id'],
      attributeNameStrict: true,
      attributeNullMatchAll: false,
      identityMasterMatchAll: false,
      decisionStrategy: 'affirmative',
    });
  });
});

describe('PolicyForm: identity', () => {
  it('wants at least one identity type', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Identity');
    await user.click(submit());
    expect(screen.getByText('Choose at least one identity type.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'User' }));
    await user.click(screen.getByRole('checkbox', { name: 'Robot' }));
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toMatchObject({ type: 'identity', types: ['user', 'robot'] });
  });
});

describe('PolicyForm: permissionBinding', () => {
  it('has no settings of its own', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Permission binding', 'bound');
    await user.click(screen.getByRole('switch', { name: /^Invert/ }));
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]).toEqual({
      type: 'permissionBinding',
      name: 'bound',
      invert: true,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
    });
  });
});

describe('PolicyForm: feedback', () => {
  it('confirms the create in a notification whose close button has a name', async () => {
    const { user, api } = await openAdd();
    await chooseType(user, 'Permission binding', 'bound');
    await user.click(submit());
    await waitFor(() => expect(api.creates).toHaveLength(1));
    const notice = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('Created.'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(notice).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

describe('PolicyForm: server issues', () => {
  it('shows the issues of the server at the fields they name', async () => {
    const { user, server } = await openAdd();
    server.intercept('POST', '/auth/policies', () =>
      json(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'The attribute start is invalid.',
        issues: [{ path: 'start', code: 'custom', message: 'A time must be HH:MM or HH:MM:SS (24-hour).' }],
      }),
    );
    await chooseType(user, 'Time');
    await user.type(screen.getByRole('textbox', { name: 'Start time' }), '08:00');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Start time' })).toHaveAccessibleDescription(
        expect.stringContaining('The attribute start is invalid.'),
      ),
    );
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('The attribute start is invalid.'))).toBe(true);
  });
});
