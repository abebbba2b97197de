import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

type IconLinkProps = Omit<ActionIconProps, 'children' | 'variant' | 'color'> & {
  to: string;
  /** What it is called aloud (it shows no words). */
  label: string;
  icon: Icon;
  iconSize?: number;
};

/**
 * A quiet icon that goes to another page: back, settings, a conversation, a replay. Other props (a
 * tooltip's ref and handlers too) reach the icon button.
 */
export function IconLinkButton({ to, label, icon: Glyph, iconSize = 20, ...rest }: IconLinkProps) {
  return (
    <ActionIcon component={Link} to={to} variant="subtle" color="gray" aria-label={label} {...rest}>
      <Glyph size={iconSize} />
    </ActionIcon>
  );
}
