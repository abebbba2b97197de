import { Center, Loader } from '@mantine/core';

export function RouteFallback() {
  return (
    <Center h="60vh">
      <Loader color="spar" type="dots" />
    </Center>
  );
}
