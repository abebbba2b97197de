import { Card, Text, Title, type CardProps } from '@mantine/core';

/**
 * A titled card of a page: its title (h4, or h5 on a smaller card) over its content. `landmark`
 * makes it a section named by its title.
 */
export function SectionCard({
  title,
  titleSize = 'h4',
  landmark = false,
  padding = 'lg',
  children,
  ...rest
}: CardProps & { title: string; titleSize?: 'h4' | 'h5'; landmark?: boolean }) {
  const section = landmark ? ({ component: 'section', 'aria-label': title } as const) : {};
  return (
    <Card withBorder radius="lg" bg="dark.7" padding={padding} {...section} {...rest}>
      <Title order={2} size={titleSize} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A card that says why a page has nothing to show (none yet, or a failure): a title and a line under it. */
export function NoticeCard({
  title,
  text,
  children,
  ...rest
}: Omit<CardProps, 'title'> & { title: React.ReactNode; text: React.ReactNode; role?: string }) {
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="xl" {...rest}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dark.1" mt={4}>
        {text}
      </Text>
      {children}
    </Card>
  );
}
