import { Skeleton, Stack } from '@mantine/core';

/** Stands for the list while its codes (and the list's code) load. */
export function CodeListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={72} />
    </Stack>
  );
}
