import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NodePicker } from '../../components/NodePicker/NodePicker.tsx';
import type { HubNode } from '../../resources/hub-resources.ts';

/** The nodes a new project will ask: a picker to add one more, the chosen ones with a remove button. */
export function ChosenNodes({
  nodes,
  onChange,
}: {
  readonly nodes: readonly HubNode[];
  readonly onChange: (nodes: HubNode[]) => void;
}) {
  const { t } = useTranslation();
  const [candidate, setCandidate] = useState<HubNode | null>(null);
  return (
    <Stack gap="xs">
      <Group align="end" gap="xs" wrap="wrap">
        <div style={{ flex: 1, minWidth: 200 }}>
          <NodePicker
            label={t('projects.form.nodes')}
            value={candidate?.id ?? null}
            onChange={setCandidate}
            exclude={nodes.map((node) => node.id)}
          />
        </div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!candidate}
          onClick={() => {
            if (candidate) onChange([...nodes, candidate]);
            setCandidate(null);
          }}
        >
          {t('projects.form.addNode')}
        </Button>
      </Group>
      {nodes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('projects.form.noNodes')}
        </Text>
      ) : (
        <Group
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('projects.form.nodes')}
        >
          {nodes.map((node) => (
            <li key={node.id}>
              <Badge
                variant="light"
                size="lg"
                tt="none"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('projects.form.removeNode', { name: node.name })}
                    onClick={() => onChange(nodes.filter((other) => other.id !== node.id))}
                  >
                    <IconX size={12} aria-hidden />
                  </ActionIcon>
                }
              >
                {node.name} ({node.type})
              </Badge>
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}
