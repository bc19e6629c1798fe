import type { IconType } from 'react-icons';
import { Flex } from '@campus/shared/ui';

/** The brand-tinted square that carries an icon beside a feature, a category or a step. Decorative. */
export function IconTile({ icon: Icon }: { icon: IconType }) {
  return (
    <Flex
      w="11"
      h="11"
      align="center"
      justify="center"
      borderRadius="lg"
      bg="brand.subtle"
      color="brand.fg"
      fontSize="xl"
      flexShrink={0}
      aria-hidden="true"
    >
      <Icon />
    </Flex>
  );
}
