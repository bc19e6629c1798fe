/**
 * The only door to Chakra. Remotes import Chakra components from
 * `@campus/shared/ui`, never from `@chakra-ui/react`, so federation shares
 * this one module (and one Chakra context) instead of shipping the whole
 * library to every visitor (architecture brief: "Chakra size").
 * Add a component here when a screen needs it; keep the list honest.
 */
export {
  Alert,
  Avatar,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Card,
  Center,
  CloseButton,
  Container,
  Dialog,
  Drawer,
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
  Menu,
  NativeSelect,
  PinInput,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Tabs,
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
