import { Container, List, Stack, Text, Title } from '@mantine/core';
import { RELEASE_DATE } from '@shared/constants';
import { PATHS } from '../../../lib/paths';
import { PageHeader } from '../../../components/PageHeader';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader title={title} backTo={PATHS.home} />
      <Container size="md" py="md" pb="xl">
        <Stack gap="lg">
          <Text size="sm" c="dark.2">
            Last updated {RELEASE_DATE}
          </Text>
          <Text>{intro}</Text>
          {sections.map((section) => (
            <Stack key={section.heading} gap="xs">
              <Title order={2} size="h4" c="accent.3">
                {section.heading}
              </Title>
              {section.paragraphs?.map((p) => (
                <Text key={p} c="dark.0">
                  {p}
                </Text>
              ))}
              {section.bullets && (
                <List spacing={4} c="dark.0">
                  {section.bullets.map((b) => (
                    <List.Item key={b}>{b}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
        </Stack>
      </Container>
    </>
  );
}
