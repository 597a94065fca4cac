import { admin } from './en/admin.ts';
import { nodes } from './en/nodes.ts';
import { registries } from './en/registries.ts';
import { masterImages } from './en/masterImages.ts';
import { events } from './en/events.ts';
import { adminHome } from './en/adminHome.ts';
import { copy } from './en/copy.ts';
import { policies } from './en/policies.ts';
import { identityProviders } from './en/identity-providers.ts';
import { settings } from './en/settings.ts';
import { userProfile } from './en/user-profile.ts';
import { app } from './en/app.ts';
import { errors } from './en/errors.ts';
import { signin } from './en/signin.ts';
import { identityAdmin } from './en/identity-admin.ts';
import { saveConflict } from './en/save-conflict.ts';
import { validation } from './en/validation.ts';
import { projects } from './en/projects.ts';
import { analyses } from './en/analyses.ts';
import { home } from './en/home.ts';
import { account } from './en/account.ts';
import type { DeepStringRecord, LeafPaths, PlainLeafPaths } from './types.ts';

/**
 * English phrases: the default locale and the type of every other locale. Grouped by audience, then
 * feature: `app.*` (web app), `validation.*` (form rules), `errors.*` (API error codes).
 * Keys never contain dots; placeholders use i18next interpolation (`{{name}}`).
 */
export const en = {
  app,
  admin,
  policies,
  identityProviders,
  settings,
  userProfile,
  signin,
  identityAdmin,
  validation,
  errors,
  nodes,
  registries,
  masterImages,
  events,
  adminHome,
  copy,
  saveConflict,
  projects,
  analyses,
  home,
  account,
} as const;

/** The shape every complete locale must have: exactly the keys of `en`, any string values. */
export type Phrases = DeepStringRecord<typeof en>;

/** A dotted key of any phrase, e.g. `'app.errors.pageNotFound'`. */
export type PhraseKey = LeafPaths<Phrases>;

/** A key of a phrase without placeholders, which `t(key)` translates with no values: labels, titles. */
export type PlainPhraseKey = PlainLeafPaths<typeof en>;

/** The generic form-validation messages, the only group every locale provides. */
export type ValidationPhrases = Phrases['validation'];
