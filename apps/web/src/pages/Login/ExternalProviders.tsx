import { IdentityProviderSchema, listResponseSchema } from '@federa/schemas';
import { Button, Divider, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../session/session-context.tsx';

/** What the sign-in page shows of a provider (`fields=id,name,display_name`, public). */
const ProviderSummaryListSchema = listResponseSchema(
  IdentityProviderSchema.pick({ id: true, name: true, display_name: true }),
);

/** Where a provider's sign-in starts; the hub returns to `returnTo` afterwards. */
export function providerSignInHref(providerId: string, returnTo: string): string {
  return `/auth/identity-providers/${encodeURIComponent(providerId)}/authorize-url?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * "Sign in with …" for each enabled OAuth2/OIDC provider of the chosen realm (of every realm while
 * none is chosen). LDAP directories are not listed: they take the name and password above.
 */
export function ExternalProviders({ realmId, returnTo }: { realmId: string | null; returnTo: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const providers = useQuery({
    queryKey: ['auth', 'identity-providers', 'sign-in', realmId],
    queryFn: ({ signal }) =>
      api.get('auth', 'identity-providers', {
        query: {
          filter: { enabled: true, protocol: ['oauth2', 'oidc'], ...(realmId ? { realm_id: realmId } : {}) },
          fields: ['id', 'name', 'display_name'],
          sort: { name: 'ASC' },
          page: { limit: 20, offset: 0 },
        },
        signal,
        schema: ProviderSummaryListSchema,
      }),
  });
  const list = providers.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('signin.login.or')} labelPosition="center" />
      {list.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={providerSignInHref(provider.id, returnTo)}
          variant="default"
          leftSection={<IconExternalLink size={18} aria-hidden />}
          fullWidth
        >
          {t('signin.login.with', { provider: provider.display_name ?? provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
