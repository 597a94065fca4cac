import { SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandGoogle,
  IconBrandInstagram,
  IconBrandOauth,
  IconBrandPaypal,
  IconBrandStackoverflow,
  IconBrandX,
  IconFolders,
  IconKey,
  type Icon,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESETS, PROTOCOLS, type Preset, type Protocol } from './identity-provider-form.tsx';

const PROTOCOL_ICONS: Record<Protocol, Icon> = {
  oauth2: IconBrandOauth,
  oidc: IconKey,
  ldap: IconFolders,
};
const PRESET_ICONS: Record<Preset, Icon> = {
  facebook: IconBrandFacebook,
  github: IconBrandGithub,
  gitlab: IconBrandGitlab,
  google: IconBrandGoogle,
  paypal: IconBrandPaypal,
  instagram: IconBrandInstagram,
  stackoverflow: IconBrandStackoverflow,
  twitter: IconBrandX,
};

function Tile({
  icon: TileIcon,
  label,
  selected,
  onClick,
}: {
  readonly icon: Icon;
  readonly label: string;
  readonly selected: boolean;
  readonly onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      p="md"
      style={{
        border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        textAlign: 'center',
      }}
    >
      <Stack gap={6} align="center">
        <TileIcon size={32} aria-hidden />
        <Text size="sm" fw={600}>
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

export interface IdentityProviderPickerProps {
  readonly protocol: string | null;
  readonly preset: Preset | null;
  readonly onProtocol: (protocol: Protocol) => void;
  readonly onPreset: (preset: Preset) => void;
}

/**
 * Protocol tiles (OAuth2, OpenID Connect, LDAP) and preset tiles (docs/product/identity-and-access.md §2
 * "Forms and pickers").
 */
export function IdentityProviderPicker({
  protocol,
  preset,
  onProtocol,
  onPreset,
}: IdentityProviderPickerProps) {
  const { t } = useTranslation();
  const protocolHeading = useId();
  const presetHeading = useId();
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby={protocolHeading}>
        <Title order={2} size="h4" id={protocolHeading}>
          {t('identityProviders.chooseProtocol')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('identityProviders.chooseProtocolDescription')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {PROTOCOLS.map((item) => (
            <Tile
              key={item}
              icon={PROTOCOL_ICONS[item]}
              label={t(`identityProviders.protocols.${item}`)}
              selected={preset === null && protocol === item}
              onClick={() => onProtocol(item)}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={presetHeading}>
        <Title order={2} size="h4" id={presetHeading}>
          {t('identityProviders.choosePreset')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('identityProviders.choosePresetDescription')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {PRESETS.map((item) => (
            <Tile
              key={item}
              icon={PRESET_ICONS[item]}
              label={t(`identityProviders.presets.${item}`)}
              selected={preset === item}
              onClick={() => onPreset(item)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
