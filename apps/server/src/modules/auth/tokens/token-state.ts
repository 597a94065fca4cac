import { eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { ACCESS_VERSION_ROW, accessVersion, USERS_VERSION_ROW } from '../db/access-version.ts';
import { clients, robots, users } from '../db/identity.ts';
import { revokedTokens } from '../db/tokens.ts';
import type { SubjectRecord } from '../identity/subjects.ts';
import type { SubjectKind } from './claims.ts';

/** What the database says about a token at this moment, read in one round trip. */
export interface TokenState {
  revoked: boolean;
  /**
   * The access version (auth_access_version) as of this query; undefined only when its row is
   * missing, in which case nothing may be served from a permission cache.
   */
  accessVersion: number | undefined;
}

export interface TokenSubjectState extends TokenState {
  /** The users version (see access-version.ts) as of this query; undefined when its row is missing. */
  usersVersion: number | undefined;
  /** The user, robot or client the token speaks for; undefined once it has been deleted. */
  subject: SubjectRecord | undefined;
}

const revokedColumn = sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`;
const versionOfRow = (row: number) =>
  sql<
    string | number | null
  >`(select ${accessVersion.version} from ${accessVersion} where ${accessVersion.id} = ${sql.raw(String(row))})`;
export const versionColumn = versionOfRow(ACCESS_VERSION_ROW);
export const usersVersionColumn = versionOfRow(USERS_VERSION_ROW);
/** A one-row source, so revocation and version are answered even when the subject is gone. */
const oneRow = sql`(select 1) as "token_state"`;

export const toVersion = (value: string | number | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

/**
 * The queries that run on every authenticated request and every introspection, prepared once per
 * database so neither the query builder nor PostgreSQL's planner repeats its work: revocation by
 * jti, the access version and (for requests) the subject's existence and state, all in one
 * statement. Revocation is never cached: it takes effect on every replica with the next request.
 */
export class TokenStateQueries {
  private readonly withoutSubject;
  private readonly withSubject: Record<SubjectKind, ReturnType<TokenStateQueries['subjectQuery']>>;

  constructor(private readonly db: Database) {
    this.withoutSubject = db
      .select({ revoked: revokedColumn, version: versionColumn })
      .from(oneRow)
      .prepare('auth_token_state');
    this.withSubject = {
      user: this.subjectQuery('user'),
      robot: this.subjectQuery('robot'),
      client: this.subjectQuery('client'),
    };
  }

  async state(jti: string): Promise<TokenState> {
    const [row] = await this.withoutSubject.execute({ jti });
    return { revoked: row?.revoked === true, accessVersion: toVersion(row?.version) };
  }

  async subjectState(jti: string, kind: SubjectKind, id: string): Promise<TokenSubjectState> {
    const [row] = await this.withSubject[kind].execute({ jti, id });
    return {
      revoked: row?.revoked === true,
      accessVersion: toVersion(row?.version),
      usersVersion: toVersion(row?.usersVersion),
      subject:
        row && row.id !== null
          ? { id: row.id, name: row.name!, active: row.active!, realm_id: row.realm_id! }
          : undefined,
    };
  }

  private subjectQuery(kind: SubjectKind) {
    const table = kind === 'user' ? users : kind === 'robot' ? robots : clients;
    return this.db
      .select({
        revoked: revokedColumn,
        version: versionColumn,
        usersVersion: usersVersionColumn,
        id: table.id,
        name: table.name,
        active: table.active,
        realm_id: table.realm_id,
      })
      .from(oneRow)
      .leftJoin(table, eq(table.id, sql.placeholder('id')))
      .prepare(`auth_token_state_${kind}`);
  }
}
