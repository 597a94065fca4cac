import userEvent from '@testing-library/user-event';
import { FakeAuthServer, json, type FakeCall } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

export interface StoredPolicy {
  id: string;
  name: string;
  type: string;
  parent_id: string | null;
  realm_id: string | null;
  [key: string]: unknown;
}

/**
 * A fake policy API on top of the fake identity server: list (with the children-candidate filters),
 * read, expanded, create and update, recording the bodies it received.
 */
export function fakePolicyApi(server: FakeAuthServer, initial: StoredPolicy[] = []) {
  // Stored whole, as the server answers a policy (its settings flat beside the columns).
  const policies = new Map<string, StoredPolicy>(
    initial.map((policy) => [policy.id, { ...records.policy({ id: policy.id }), ...policy }]),
  );
  const creates: Array<Record<string, unknown>> = [];
  const updates: Array<{ id: string; body: Record<string, unknown> }> = [];
  const lists: FakeCall[] = [];
  let counter = 0;

  const matchesList = (policy: StoredPolicy, call: FakeCall) => {
    const parent = call.query.get('filter[parent_id]');
    if (parent !== null) {
      const allowed = parent.split(',');
      if (!allowed.includes(policy.parent_id ?? 'null')) return false;
    }
    const excluded = call.query.get('filter[id]');
    if (excluded?.startsWith('!') && excluded.slice(1).split(',').includes(policy.id)) return false;
    const name = call.query.get('filter[name]');
    if (name && !policy.name.startsWith(name.replace(/^~/, ''))) return false;
    return true;
  };

  server.route('GET', '/auth/policies', (call) => {
    lists.push(call);
    const data = [...policies.values()].filter((policy) => matchesList(policy, call));
    return json(200, { data, meta: { total: data.length, limit: 10, offset: 0 } });
  });
  server.route('POST', '/auth/policies', (call) => {
    const body = call.body as unknown as Record<string, unknown>;
    creates.push(body);
    counter += 1;
    const policy = {
      ...records.policy({ id: `new-${counter}`, parent_id: null, realm_id: null }),
      ...body,
    } as StoredPolicy;
    policies.set(policy.id, policy);
    route(policy.id);
    return json(201, policy);
  });

  const route = (id: string) => {
    server.route('GET', `/auth/policies/${id}`, () => {
      const policy = policies.get(id);
      return policy
        ? json(200, policy)
        : json(404, { statusCode: 404, code: 'entity_not_found', message: 'x' });
    });
    server.route('POST', `/auth/policies/${id}`, (call) => {
      const body = call.body as unknown as Record<string, unknown>;
      updates.push({ id, body });
      const policy = { ...policies.get(id)!, ...body, updated_at: `t${updates.length}` } as StoredPolicy;
      policies.set(id, policy);
      return json(202, policy);
    });
    server.route('GET', `/auth/policies/${id}/expanded`, () => {
      const build = (policy: StoredPolicy): Record<string, unknown> => ({
        ...policy,
        ...(policy.type === 'composite'
          ? { children: [...policies.values()].filter((child) => child.parent_id === policy.id).map(build) }
          : {}),
      });
      return json(200, build(policies.get(id)!));
    });
  };
  for (const id of policies.keys()) route(id);

  return { policies, creates, updates, lists };
}

/** The app at a policy path, signed in as a master-realm administrator. */
export function openPolicies(path: string, initial: StoredPolicy[] = []) {
  const server = new FakeAuthServer();
  const api = fakePolicyApi(server, initial);
  const view = renderApp(path, { session: adminSession, server });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}
