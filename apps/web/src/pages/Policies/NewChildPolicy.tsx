import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PolicyForm } from './PolicyForm.tsx';
import type { Policy } from './policy-api.ts';

/**
 * "New child policy" of a stored composite: the policy form in a dialog, creating the child in the
 * composite's realm and below it, so a composite is built where it is looked at.
 */
export function NewChildPolicy({ composite }: { readonly composite: Policy }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const title = t('policies.newChildTitle', { name: composite.display_name || composite.name });
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={open}
        style={{ alignSelf: 'start' }}
      >
        {t('policies.newChild')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        size="xl"
        closeButtonProps={{ 'aria-label': t('admin.dialog.close') }}
      >
        <PolicyForm parent={{ id: composite.id, realmId: composite.realm_id ?? null }} onSaved={close} />
      </Modal>
    </>
  );
}
