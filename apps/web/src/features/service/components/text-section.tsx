import { Stack, Text, Title } from '@mantine/core';

interface TextSectionProps {
  id?: string;
  title: string;
  /** Paragraphs separated by blank lines. */
  body: string;
  order?: 2 | 3;
}

/** A heading and its paragraphs (terms, privacy, about). */
export function TextSection({ id, title, body, order = 3 }: TextSectionProps) {
  return (
    <Stack gap={6} component="section" id={id} style={{ scrollMarginTop: 80 }}>
      <Title order={order} fz="lg">
        {title}
      </Title>
      {body.split(/\n\n+/).map((paragraph) => (
        <Text key={paragraph} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
