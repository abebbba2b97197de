import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

/** The frame of every signed-out account page: the Spar title over one card, a line below it. */
export function AuthFrame({ children, footer }: { children: React.ReactNode; footer: React.ReactNode }) {
  return (
    <Container size={440} py="xl">
      <Stack gap="lg">
        <Title order={1} ta="center" c="spar.5" style={{ letterSpacing: '0.08em' }}>
          <Anchor component={Link} to={PATHS.home} inherit c="spar.5" underline="never">
            Spar
          </Anchor>
        </Title>
        <Card withBorder radius="lg" padding="xl" bg="dark.7">
          {children}
        </Card>
        {footer}
      </Stack>
    </Container>
  );
}

/** A recovery page's frame: its heading in the card, and the way back to sign in below it. */
export function AuthCard({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <AuthFrame
      footer={
        <Text size="sm" ta="center">
          <Anchor component={Link} to={PATHS.auth}>
            Back to sign in
          </Anchor>
        </Text>
      }
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {heading}
        </Title>
        {children}
      </Stack>
    </AuthFrame>
  );
}
