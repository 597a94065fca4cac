import { errorResponse, json, type FakeAuthServer, type FakeCall } from '../test/fake-auth-server.ts';
import { records } from '../test/records.ts';

type Row = Record<string, unknown> & { id: string };

/** A stored link between two records: the realm of each side, and when it was made. */
function link(left: string, right: string, extra: Record<string, unknown> = {}) {
  return (): Record<string, unknown> => ({
    [`${left}_realm_id`]: null,
    [`${right}_realm_id`]: null,
    ...extra,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
}

/**
 * What the database fills in of a record (every column the resource answers with), by the path of
 * the resource: a row given with some fields is stored, and answered, whole.
 */
const COLUMN_DEFAULTS: Record<string, (id: string) => Record<string, unknown>> = {
  '/auth/realms': (id) => records.realm({ id }),
  '/auth/users': (id) => records.user({ id }),
  '/auth/robots': (id) => records.robot({ id }),
  '/auth/clients': (id) => records.client({ id }),
  '/auth/roles': (id) => records.role({ id }),
  '/auth/scopes': (id) => records.scope({ id }),
  '/auth/permissions': (id) => records.permission({ id }),
  '/auth/policies': (id) => records.policy({ id }),
  '/auth/identity-providers': (id) => records.identityProvider({ id }),
  '/auth/identity-provider-role-mappings': (id) => records.roleMapping({ id }),
  '/auth/user-roles': link('user', 'role'),
  '/auth/robot-roles': link('robot', 'role'),
  '/auth/client-roles': link('client', 'role'),
  '/auth/user-permissions': link('user', 'permission', { policy_id: null }),
  '/auth/robot-permissions': link('robot', 'permission', { policy_id: null }),
  '/auth/role-permissions': link('role', 'permission', { policy_id: null }),
  '/auth/client-permissions': link('client', 'permission', { policy_id: null }),
  '/auth/client-scopes': link('client', 'scope', { default: false }),
  '/core/master-image-groups': (id) => records.masterImageGroup({ id }),
  '/core/master-images': (id) => records.masterImage({ id }),
  '/core/registries': (id) => records.registry({ id }),
  '/core/registry-projects': (id) => records.registryProject({ id }),
  '/core/nodes': (id) => records.node({ id }),
  '/core/projects': (id) => records.project({ id }),
  '/core/project-nodes': (id) => records.projectNode({ id }),
  '/core/analyses': (id) => records.analysis({ id }),
  '/core/analysis-nodes': (id) => records.analysisNode({ id }),
  '/core/analysis-buckets': (id) => records.analysisBucket({ id }),
  '/core/analysis-bucket-files': (id) => records.analysisBucketFile({ id }),
  '/telemetry/events': (id) => records.auditEvent({ id }),
};

function stored(path: string, row: Row): Row {
  const defaults = COLUMN_DEFAULTS[path];
  return defaults ? { ...defaults(row.id), ...row } : row;
}

/**
 * Serves a resource from an array on the fake server, as the real API would for the list
 * syntax the screens use: `filter[x]=~prefix|value|a,b`, `sort`, `page[limit]`/`page[offset]`,
 * plus read, create (`POST /path`), update (`POST /path/:id`) and delete (`DELETE /path/:id`).
 * Rows are stored whole (`COLUMN_DEFAULTS` fills in the columns a test leaves out), and the rows
 * (mutated by writes) are returned so tests can look at them.
 */
export function serveResource(server: FakeAuthServer, path: string, rows: Row[]): Row[] {
  // Whole, and in the array the test holds.
  rows.splice(0, rows.length, ...rows.map((row) => stored(path, row)));
  let counter = 0;
  const serveRecord = (id: string) => {
    const recordPath = `${path}/${encodeURIComponent(id)}`;
    const find = () => rows.findIndex((row) => row.id === id);
    server.route('GET', recordPath, () => {
      const index = find();
      return index === -1 ? errorResponse(404, 'entity_not_found') : json(200, rows[index]);
    });
    server.route('POST', recordPath, (call) => {
      const index = find();
      if (index === -1) return errorResponse(404, 'entity_not_found');
      rows[index] = { ...rows[index]!, ...call.body };
      return json(202, rows[index]);
    });
    server.route('DELETE', recordPath, () => {
      const index = find();
      return index === -1 ? errorResponse(404, 'entity_not_found') : json(202, rows.splice(index, 1)[0]);
    });
  };
  server.route('GET', path, (call) => json(200, listOf(rows, call)));
  server.route('POST', path, (call) => {
    counter += 1;
    const row = stored(path, { id: `${path.split('/').pop()}-new-${counter}`, ...call.body });
    rows.push(row);
    serveRecord(row.id);
    return json(201, row);
  });
  for (const row of rows) serveRecord(row.id);
  return rows;
}

function listOf(rows: Row[], call: FakeCall) {
  let matches = [...rows];
  for (const [key, raw] of call.query.entries()) {
    const field = /^filter\[(\w+)\]$/.exec(key)?.[1];
    if (!field) continue;
    if (raw.startsWith('~')) {
      const prefix = raw.slice(1).toLowerCase();
      matches = matches.filter((row) =>
        String(row[field] ?? '')
          .toLowerCase()
          .startsWith(prefix),
      );
    } else {
      const values = raw.split(',');
      matches = matches.filter((row) => values.includes(String(row[field])));
    }
  }
  const sort = call.query.get('sort');
  if (sort) {
    const descending = sort.startsWith('-');
    const field = sort.replace(/^-/, '').split(',')[0]!;
    matches.sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (descending ? -1 : 1));
  }
  const limit = Number(call.query.get('page[limit]') ?? 10);
  // Keyset mode, as the server answers it; the fake's cursor is simply where the next page starts.
  const after = call.query.get('page[after]');
  const offset = after ? Number(after) : Number(call.query.get('page[offset]') ?? 0);
  const data = matches.slice(offset, offset + limit);
  const next = after !== null && data.length === limit ? { after: String(offset + limit) } : {};
  return { data, meta: { total: matches.length, offset: after === null ? offset : 0, limit, ...next } };
}
