import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths';

export default function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center">
        <Title order={1} c="spar.5">
          Page not found
        </Title>
        <Text c="dark.1">There is no page at this address.</Text>
        <Button component={Link} to={PATHS.home} color="spar" c="dark.9">
          Back to the table
        </Button>
      </Stack>
    </Container>
  );
}
