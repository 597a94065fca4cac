import { admin } from './de/admin.ts';
import { adminB } from './de/admin-b.ts';
import { app } from './de/app.ts';
import { errors } from './de/errors.ts';
import { identityAdmin } from './de/identity-admin.ts';
import { validation } from './de/validation.ts';
import type { Phrases } from './en.ts';

/** German phrases: complete, checked against the English shape group by group. */
export const de: Phrases = { app, admin, adminB, identityAdmin, validation, errors };
