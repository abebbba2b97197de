import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

/** The frame of the signed-out account pages (recovery): the Spar title over one card. */
export function AuthCard({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <Container size={440} py="xl">
      <Stack gap="lg">
        <Title order={1} ta="center" c="spar.5" style={{ letterSpacing: '0.08em' }}>
          <Anchor component={Link} to={PATHS.home} inherit c="spar.5" underline="never">
            Spar
          </Anchor>
        </Title>
        <Card withBorder radius="lg" padding="xl" bg="dark.7">
          <Stack gap="md">
            <Title order={2} size="h3">
              {heading}
            </Title>
            {children}
          </Stack>
        </Card>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={PATHS.auth}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
