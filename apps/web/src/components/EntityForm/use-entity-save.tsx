import { ClientError } from '@federa/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerIssues, type FieldErrorTarget } from '../../forms/server-errors.tsx';
import type { Identified } from '../../resources/live/live-list.ts';
import { resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { notify } from '../Feedback/notify.ts';
import { StaleSave } from './stale-save.ts';

/** The record a form edits: its id, and the version it was read at (`updated_at`). */
export type EditedRecord = Identified & { readonly updated_at?: unknown };

export interface EntitySaveOptions<T extends Identified> {
  /** The resource; its schema reads the saved record. */
  readonly resource: ResourceRef<T>;
  /**
   * The record being edited; creating without it (docs/product/identity-and-access.md §4 Forms: create when
   * none exists).
   */
  readonly entity?: EditedRecord;
  /** The form (to show server issues at its fields) and the names of its fields. */
  readonly form: FieldErrorTarget;
  readonly fields: readonly string[];
  /** Called with the saved record (`created` tells which of the two happened). */
  readonly onSaved?: (saved: T, created: boolean) => void;
}

/**
 * Create-or-update of one record: `POST /{path}` without an entity, `POST /{path}/{id}` with one.
 * On success the cached record and lists are refreshed and a notification tells; on failure the
 * server's issues go to their fields and `error` holds the failure for `<FormErrorMessage>`.
 */
export function useEntitySave<T extends Identified>({
  resource,
  entity,
  form,
  fields,
  onSaved,
}: EntitySaveOptions<T>) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  /**
   * Sends the body; an update names the version it was based on (If-Match with `updated_at`), so a
   * change someone else saved meanwhile is not silently overwritten, unless `overwrite` says so.
   */
  const send = async (body: object, overwrite: boolean): Promise<T | undefined> => {
    setError(null);
    setSaving(true);
    try {
      const version = entity?.updated_at;
      const headers: Record<string, string> =
        !overwrite && typeof version === 'string' ? { 'if-match': `"${version}"` } : {};
      const { schema } = resource;
      const saved = entity
        ? await api.post(resource.service, `${resource.path}/${encodeURIComponent(entity.id)}`, body, {
            headers,
            schema,
          })
        : await api.post(resource.service, resource.path, body, { schema });
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      notify(t, {
        color: 'green',
        message: t(entity ? 'admin.form.updated' : 'admin.form.created'),
      });
      onSaved?.(saved, !entity);
      return saved;
    } catch (failure) {
      if (failure instanceof ClientError && failure.code === 'entity_modified') {
        // The page loads the record afresh; the form then starts from the other change.
        setError(
          new StaleSave(
            failure,
            () => window.location.reload(),
            () => send(body, true),
          ),
        );
        return undefined;
      }
      applyServerIssues(form, failure, fields);
      setError(failure);
      return undefined;
    } finally {
      setSaving(false);
    }
  };
  const save = (body: object) => send(body, false);
  return { save, error, saving };
}
