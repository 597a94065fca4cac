import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';

/** /admin/services: the services the hub works with, each with a link to its screen. */
export function ServicesPage() {
  const { t } = useTranslation();
  const services = [
    {
      to: '/admin/services/registry',
      title: t('registries.services.registries'),
      description: t('registries.services.registriesDescription'),
      icon: IconServer,
    },
    {
      to: '/admin/services/master-images',
      title: t('registries.services.masterImages'),
      description: t('registries.services.masterImagesDescription'),
      icon: IconBox,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading>{t('app.pages.services')}</PageHeading>
      <Text>{t('registries.services.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {services.map((service) => (
          <Card key={service.to} withBorder padding="md">
            <Stack gap="xs">
              <service.icon size={28} aria-hidden />
              <Title order={2} size="h3">
                <Anchor component={Link} to={service.to}>
                  {service.title}
                </Anchor>
              </Title>
              <Text size="sm">{service.description}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
