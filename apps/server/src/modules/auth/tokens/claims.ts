export const TOKEN_KINDS = ['access_token', 'refresh_token', 'id_token'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
export type SubjectKind = 'user' | 'robot' | 'client';

/** Who a token was issued to. */
export interface TokenSubject {
  kind: SubjectKind;
  id: string;
  realmId: string;
  realmName: string;
  /** The client the token was issued through (client_credentials, authorization_code). */
  clientId?: string | null;
}

/** The claims of every token this server signs (docs/design.md §5, as the original issues them). */
export interface TokenClaims {
  kind: TokenKind;
  jti: string;
  iss: string;
  sub: string;
  sub_kind: SubjectKind;
  realm_id: string;
  realm_name: string;
  client_id?: string | null;
  aud?: string;
  scope: string;
  remote_address?: string;
  iat: number;
  exp: number;
}

export function subjectOf(claims: TokenClaims): TokenSubject {
  return {
    kind: claims.sub_kind,
    id: claims.sub,
    realmId: claims.realm_id,
    realmName: claims.realm_name,
    clientId: claims.client_id ?? null,
  };
}
