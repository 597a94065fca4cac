import { Code } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactTable } from '../../components/FactTable/FactTable.tsx';
import type { AdminNode } from '../../resources/admin-hub-resources.ts';

/** What a node is: id, type, realm, external name, registry, visibility and whether a key is stored. */
export function NodeDetails({ node }: { readonly node: AdminNode }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean | undefined) => (value ? t('nodes.list.yes') : t('nodes.list.no'));
  return (
    <FactTable
      label={node.name}
      rows={[
        ['ID', <Code key="id">{node.id}</Code>],
        [t('nodes.fields.type'), t(`nodes.types.${node.type}` as 'nodes.types.default')],
        [t('admin.fields.realm'), node.realm?.name ?? node.realm_id],
        [t('nodes.fields.externalName'), node.external_name ?? ''],
        [t('nodes.fields.registry'), node.registry?.name ?? t('nodes.fields.noRegistry')],
        [t('nodes.fields.hidden'), yesNo(node.hidden)],
        [t('nodes.fields.publicKey'), yesNo(!!node.public_key)],
      ]}
    />
  );
}
