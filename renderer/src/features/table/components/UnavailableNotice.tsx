import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

export function UnavailableNotice() {
  return (
    <Center h="80vh">
      <Stack align="center" ta="center">
        <Title order={2} c="spar.5">
          Game not found
        </Title>
        <Text c="dark.1">This game does not exist, or it is not one you can watch.</Text>
        <Button component={Link} to={PATHS.games} color="spar" c="dark.9">
          Back to games
        </Button>
      </Stack>
    </Center>
  );
}
