import { admin } from './de/admin.ts';
import { nodes } from './de/nodes.ts';
import { registries } from './de/registries.ts';
import { masterImages } from './de/masterImages.ts';
import { events } from './de/events.ts';
import { adminHome } from './de/adminHome.ts';
import { copy } from './de/copy.ts';
import { policies } from './de/policies.ts';
import { identityProviders } from './de/identity-providers.ts';
import { settings } from './de/settings.ts';
import { userProfile } from './de/user-profile.ts';
import { app } from './de/app.ts';
import { errors } from './de/errors.ts';
import { signin } from './de/signin.ts';
import { identityAdmin } from './de/identity-admin.ts';
import { saveConflict } from './de/save-conflict.ts';
import { validation } from './de/validation.ts';
import { projects } from './de/projects.ts';
import { analyses } from './de/analyses.ts';
import { home } from './de/home.ts';
import { account } from './de/account.ts';
import type { Phrases } from './en.ts';

/** German phrases: complete, checked against the English shape group by group. */
export const de: Phrases = {
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
};
