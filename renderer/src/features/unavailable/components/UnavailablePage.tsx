import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { PageHeader } from '../../../components/PageHeader';

/** A page for an area that is not open yet, saying so plainly. */
export function UnavailablePage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} size="sm" />
      <Container size="sm" py="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="accent">
            <IconHourglassHigh size={34} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {title} is not available yet
          </Title>
          <Text c="dark.1" maw={420}>
            {description}
          </Text>
          <Button component={Link} to={PATHS.home} variant="light" color="spar">
            Back to the table
          </Button>
        </Stack>
      </Container>
    </>
  );
}
