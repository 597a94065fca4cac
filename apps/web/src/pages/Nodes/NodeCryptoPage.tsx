import { PermissionName as P } from '@federa/schemas';
import { Alert, Button, Code, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { notify } from '../../components/Feedback/notify.ts';
import { SecretOnce } from '../../components/SecretOnce/SecretOnce.tsx';
import { adminHubResources, type AdminNode } from '../../resources/admin-hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { canGenerateKeyPairs, generateNodeKeyPair, isNodePublicKey } from './key-pair.ts';

/**
 * The node's key pair: generate one in the browser (the private key is shown once and never sent),
 * or store the public key of a pair the node operator made elsewhere.
 */
export function NodeCryptoPage() {
  const { t } = useTranslation();
  const node = useRecord<AdminNode>();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { hasPermission } = useSession();
  const canUpdate = hasPermission(P.NODE_UPDATE);
  const [privateKey, setPrivateKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  // WebCrypto failures are the browser's, not the server's: they get their own message.
  const [cryptoError, setCryptoError] = useState(false);

  const storePublicKey = async (publicKey: string) => {
    await api.post('core', `nodes/${encodeURIComponent(node.id)}`, { public_key: publicKey });
    await queryClient.invalidateQueries({ queryKey: resourceKey(adminHubResources.nodes) });
  };

  const generate = async () => {
    setFailure(null);
    setCryptoError(false);
    setPrivateKey(null);
    setBusy(true);
    try {
      const pair = await generateNodeKeyPair();
      await storePublicKey(pair.publicKey);
      setPrivateKey(pair.privateKey);
      notify(t, { color: 'green', message: t('nodes.crypto.generated') });
    } catch (error) {
      if (error instanceof DOMException) setCryptoError(true);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const submitPasted = async () => {
    setPasteError(null);
    setFailure(null);
    if (!(await isNodePublicKey(pasted))) {
      setPasteError(t('nodes.crypto.pasteInvalid'));
      return;
    }
    setBusy(true);
    try {
      await storePublicKey(pasted.trim());
      setPasted('');
      setPrivateKey(null);
      notify(t, { color: 'green', message: t('nodes.crypto.stored') });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Text size="sm">{t('nodes.crypto.intro')}</Text>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('nodes.crypto.current')}
        </Title>
        {node.public_key ? (
          <Code
            block
            aria-label={t('nodes.crypto.current')}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {node.public_key}
          </Code>
        ) : (
          <Text c="dimmed" size="sm">
            {t('nodes.crypto.none')}
          </Text>
        )}
      </Stack>
      {canUpdate && (
        <>
          {canGenerateKeyPairs() ? (
            <Group>
              <Button
                leftSection={<IconKey size={16} aria-hidden />}
                loading={busy}
                onClick={() => void generate()}
              >
                {t('nodes.crypto.generate')}
              </Button>
            </Group>
          ) : (
            <Alert color="yellow" variant="light" role="status">
              {t('nodes.crypto.unsupported')}
            </Alert>
          )}
          <FormFailure error={failure} />
          {cryptoError && (
            <Alert color="red" variant="light" role="alert">
              {t('nodes.crypto.failed')}
            </Alert>
          )}
          {privateKey && (
            <SecretOnce
              label={t('nodes.crypto.privateKey')}
              value={privateKey}
              warning={t('nodes.crypto.privateKeyWarning')}
              downloadName={`${node.external_name || node.name}.private.pem`}
              downloadLabel={t('nodes.crypto.download')}
            />
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submitPasted();
            }}
          >
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('nodes.crypto.paste')}
              </Title>
              <Textarea
                label={t('nodes.crypto.pasteLabel')}
                value={pasted}
                onChange={(event) => setPasted(event.currentTarget.value)}
                error={pasteError}
                rows={5}
                styles={{ input: { fontFamily: 'monospace' } }}
                placeholder="-----BEGIN PUBLIC KEY-----"
              />
              <Group>
                <Button type="submit" variant="default" disabled={pasted.trim() === ''} loading={busy}>
                  {t('nodes.crypto.pasteSubmit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
