/**
 * The only door to Chakra. Remotes import Chakra components from
 * `@campus/shared/ui`, never from `@chakra-ui/react`, so federation shares
 * this one module (and one Chakra context) instead of shipping the whole
 * library to every visitor (architecture brief: "Chakra size").
 * Add a component here when a screen needs it; keep the list honest: every
 * export is on every page (a shared module is not tree-shaken): Menu (with its
 * positioning engine) and PinInput, while nothing used them, cost 25.5 KB gzip
 * on the landing page. A new component also needs its recipe in theme.ts
 * (theme.test.ts checks). Components with a state machine that no page draws
 * before its main content (overlays, tabs, avatar) go in overlays.ts instead:
 * `ui` exports them lazily (lazy-overlays.ts).
 */
export {
  Alert,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Card,
  Center,
  CloseButton,
  Container,
  Field,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  InputGroup,
  Link,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  Icon,
  Wrap,
  chakra,
  useDisclosure,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, StackProps, TextProps, HeadingProps } from '@chakra-ui/react';
