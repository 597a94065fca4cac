/**
 * Well-known upstream providers (docs/product/identity-and-access.md §3). A preset supplies the endpoints,
 * scope and how to read the profile, so an administrator only enters the client id and secret. All presets
 * use the protocol
 * `oidc` in the API, even those that speak plain OAuth2 (GitHub, Facebook, ...).
 */
export const IDENTITY_PROVIDER_PRESETS = [
  'facebook',
  'github',
  'gitlab',
  'google',
  'paypal',
  'instagram',
  'stackoverflow',
  'twitter',
] as const;
export type IdentityProviderPreset = (typeof IDENTITY_PROVIDER_PRESETS)[number];

/** Where the parts of a local account are found in the provider's claims (dot paths, first hit wins). */
export interface ProfilePaths {
  id: readonly string[];
  name: readonly string[];
  email: readonly string[];
  displayName: readonly string[];
}

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface UpstreamEndpoints {
  authorize_url: string;
  token_url: string;
  user_info_url?: string;
  discovery_url?: string;
  scope?: string;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  profile: ProfilePaths;
}

/** OpenID Connect standard claims; also what most OAuth2 user-info endpoints answer. */
export const STANDARD_PROFILE: ProfilePaths = {
  id: ['sub', 'id'],
  name: ['preferred_username', 'nickname', 'login', 'username'],
  email: ['email'],
  displayName: ['name'],
};

export const PRESET_ENDPOINTS: Record<IdentityProviderPreset, UpstreamEndpoints> = {
  facebook: {
    authorize_url: 'https://www.facebook.com/v19.0/dialog/oauth',
    token_url: 'https://graph.facebook.com/v19.0/oauth/access_token',
    user_info_url: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'email',
    token_endpoint_auth_method: 'client_secret_post',
    profile: { id: ['id'], name: [], email: ['email'], displayName: ['name'] },
  },
  github: {
    authorize_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    user_info_url: 'https://api.github.com/user',
    scope: 'user:email',
    token_endpoint_auth_method: 'client_secret_post',
    profile: { id: ['id'], name: ['login'], email: ['email'], displayName: ['name'] },
  },
  gitlab: {
    authorize_url: 'https://gitlab.com/oauth/authorize',
    token_url: 'https://gitlab.com/oauth/token',
    user_info_url: 'https://gitlab.com/oauth/userinfo',
    discovery_url: 'https://gitlab.com/.well-known/openid-configuration',
    scope: 'openid profile email',
    token_endpoint_auth_method: 'client_secret_post',
    profile: STANDARD_PROFILE,
  },
  google: {
    authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    user_info_url: 'https://openidconnect.googleapis.com/v1/userinfo',
    discovery_url: 'https://accounts.google.com/.well-known/openid-configuration',
    scope: 'openid profile email',
    token_endpoint_auth_method: 'client_secret_basic',
    profile: STANDARD_PROFILE,
  },
  paypal: {
    authorize_url: 'https://www.paypal.com/signin/authorize',
    token_url: 'https://api-m.paypal.com/v1/oauth2/token',
    user_info_url: 'https://api-m.paypal.com/v1/identity/openidconnect/userinfo?schema=openid',
    scope: 'openid profile email',
    token_endpoint_auth_method: 'client_secret_basic',
    profile: { ...STANDARD_PROFILE, id: ['user_id', 'sub'] },
  },
  instagram: {
    authorize_url: 'https://api.instagram.com/oauth/authorize',
    token_url: 'https://api.instagram.com/oauth/access_token',
    user_info_url: 'https://graph.instagram.com/me?fields=id,username',
    scope: 'user_profile',
    token_endpoint_auth_method: 'client_secret_post',
    profile: { id: ['id'], name: ['username'], email: [], displayName: ['username'] },
  },
  stackoverflow: {
    authorize_url: 'https://stackoverflow.com/oauth',
    token_url: 'https://stackoverflow.com/oauth/access_token/json',
    user_info_url: 'https://api.stackexchange.com/2.3/me?site=stackoverflow',
    token_endpoint_auth_method: 'client_secret_post',
    profile: { id: ['items.0.user_id'], name: [], email: [], displayName: ['items.0.display_name'] },
  },
  twitter: {
    authorize_url: 'https://twitter.com/i/oauth2/authorize',
    token_url: 'https://api.twitter.com/2/oauth2/token',
    user_info_url: 'https://api.twitter.com/2/users/me',
    scope: 'users.read tweet.read',
    token_endpoint_auth_method: 'client_secret_basic',
    profile: { id: ['data.id'], name: ['data.username'], email: [], displayName: ['data.name'] },
  },
};
