import { errorResponse, json, type FakeAuthServer, type FakeCall } from '../test/fake-auth-server.ts';

type Row = Record<string, unknown> & { id: string };

/**
 * Serves a resource from an array on the fake server, as the real API would for the list
 * syntax the screens use: `filter[x]=~prefix|value|a,b`, `sort`, `page[limit]`/`page[offset]`,
 * plus read, create (`POST /path`), update (`POST /path/:id`) and delete (`DELETE /path/:id`).
 * Returns the rows (mutated by writes) so tests can look at them.
 */
export function serveResource(server: FakeAuthServer, path: string, rows: Row[]): Row[] {
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
    const row = { id: `${path.split('/').pop()}-new-${counter}`, ...call.body } as Row;
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
