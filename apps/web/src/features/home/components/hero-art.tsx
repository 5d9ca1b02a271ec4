import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

const SIZE = 21;

function isFinder(x: number, y: number): boolean {
  const inBox = (ox: number, oy: number) => x >= ox && x < ox + 7 && y >= oy && y < oy + 7;
  return inBox(0, 0) || inBox(SIZE - 7, 0) || inBox(0, SIZE - 7);
}

// A fixed pseudo-random pattern: it only has to look like a code, never to scan.
function modules(): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  let seed = 7;
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      if (!isFinder(x, y) && seed % 5 < 2) cells.push([x, y]);
    }
  }
  return cells;
}

const CELLS = modules();

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect x={x} y={y} width={7} height={7} fill="currentColor" />
      <rect x={x + 1} y={y + 1} width={5} height={5} fill="#fff" />
      <rect x={x + 2} y={y + 2} width={3} height={3} fill="currentColor" />
    </g>
  );
}

/** Decorative picture for wide screens: a code and the message it leads to. */
export function HeroArt() {
  const { t } = useTranslation('home');
  return (
    <div className={classes.art} aria-hidden="true">
      <Paper radius="lg" p="lg" shadow="xl" className={classes.codeCard}>
        <svg
          viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`}
          width="200"
          height="200"
          className={classes.code}
          aria-hidden="true"
          focusable="false"
        >
          <rect x={-1} y={-1} width={SIZE + 2} height={SIZE + 2} fill="#fff" />
          {CELLS.map(([x, y]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="currentColor" />
          ))}
          <Finder x={0} y={0} />
          <Finder x={SIZE - 7} y={0} />
          <Finder x={0} y={SIZE - 7} />
        </svg>
      </Paper>
      <Paper radius="lg" p="md" shadow="lg" className={classes.messageCard}>
        <Stack gap={4}>
          <Text size="xs" fw={700} c="brand.7">
            {t('hero.art_channel')}
          </Text>
          <Text size="sm" fw={600}>
            {t('hero.art_message')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('hero.art_coupon')}
          </Text>
        </Stack>
      </Paper>
    </div>
  );
}
