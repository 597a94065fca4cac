import type autocannon from 'autocannon';

/** Autocannon requests that each create a project with a fresh name (`{prefix}-{n}`), for the create benches. */
export function projectCreateRequests(prefix: string): autocannon.Request[] {
  const run = `${prefix}-${Date.now().toString(36)}`;
  let sequence = 0;
  return [
    {
      method: 'POST',
      path: '/core/projects',
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ name: `${run}-${(sequence += 1)}` }),
      }),
    },
  ];
}
