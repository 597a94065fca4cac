/** A small seeded random source (mulberry32), so every run of the fuzz suite sends the same requests. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Path segments an attacker tries: foreign ids, names, NUL bytes, traversal, sizes, encodings. */
const PATH_VALUES = [
  '00000000-0000-0000-0000-000000000000',
  'c232ab00-9414-11ec-b3c8-9f6bdeced846',
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'x'.repeat(300),
  '%E2%80%AE',
  '%F0%9F%92%A9',
  '%C0%AF',
  '%FF',
  '-1',
  '1e309',
  'null',
  '@me',
  'undefined',
  '%20',
  "'%20OR%201=1--",
  '$where',
  'a.b',
];

export function pathValue(random: Random): string {
  if (random.chance(0.3)) return crypto.randomUUID();
  return random.pick(PATH_VALUES);
}

/** Query strings that reach the list parser and the filters with every kind of wrong value. */
const QUERIES = [
  '',
  'filter[name]=%00',
  'filter[id]=not-an-id',
  'filter[created_at]=yesterday',
  'filter[nope]=1',
  'filter[name]=~',
  'filter[realm.name]=x',
  'filter=1',
  'filter[name][deep]=1',
  'sort=-nope',
  'sort=%00',
  'sort=name,name,-name',
  'page[limit]=-1',
  'page[limit]=1e9',
  'page[offset]=abc',
  'page=1',
  'fields=+secret',
  'fields=+password,+email',
  'fields=%00',
  'include=nope',
  'include=realm.realm',
  'fields[realm]=secret',
  `filter[name]=${'a'.repeat(5000)}`,
  'filter[id]=null,!null',
  'filter[active]=maybe',
  'level=nope&start=x&end=y',
  'limit=-5&direction=sideways',
];

export function query(random: Random): string {
  const first = random.pick(QUERIES);
  return random.chance(0.2) ? `${first}&${random.pick(QUERIES)}` : first;
}

/** A value of a random JSON type, sometimes one that looks right for the field. */
export function jsonValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 3 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 42]);
    case 3:
      return '';
    case 4:
      return random.pick(['x', 'ab', 'valid-name', 'with space', 'ümlaut', '\u202e', '\u0000', '../x']);
    case 5:
      return 'y'.repeat(random.pick([255, 257, 4097, 70_000]));
    case 6:
      return crypto.randomUUID();
    case 7:
      return random.pick(['2026-01-01T00:00:00Z', 'not-a-date', '9999-99-99', '1970-01-01']);
    case 8:
      return random.pick(['https://example.org/cb', 'javascript:alert(1)', 'ldap://x', 'ftp://y']);
    case 9:
      return Array.from({ length: random.int(4) }, () => jsonValue(random, depth + 1));
    case 10:
      return {
        $ne: null,
        [random.pick(['$gt', '$where', '$unknownOp', 'nested'])]: jsonValue(random, depth + 1),
      };
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(['a', 'name', '__proto__x', '']),
          jsonValue(random, depth + 1),
        ]),
      );
  }
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
}

/** A body for a route: its declared fields with random values, plus now and then a stray field. */
export function body(random: Random, schema: Schema | undefined): unknown {
  if (random.chance(0.1)) return jsonValue(random);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (random.chance(0.35)) continue;
    result[name] = property.enum && random.chance(0.5) ? random.pick(property.enum) : jsonValue(random);
  }
  if (random.chance(0.2))
    result[random.pick(['bogus', 'id', 'realm_id', 'built_in', 'secret'])] = jsonValue(random);
  return result;
}

/** Raw bodies no JSON parser should choke on. */
export const RAW_BODIES = [
  '{',
  '[]',
  '"string"',
  'null',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":"\\ud800"}',
  '\u0000',
];
