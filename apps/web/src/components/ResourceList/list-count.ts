/**
 * What the total above a list counts (`admin.list.count.<noun>_one|_other`): "94 permissions".
 * Lists of anything else say "entries".
 */
export type ListCountNoun =
  | 'entries'
  | 'users'
  | 'robots'
  | 'clients'
  | 'roles'
  | 'scopes'
  | 'realms'
  | 'permissions'
  | 'identityProviders'
  | 'policies';
