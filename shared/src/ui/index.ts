export * from './chakra';
export { system } from './theme';
export { DesignSystemProvider } from './provider';
export { CountBadge, formatBadgeCount, type CountBadgeProps } from './components/CountBadge';
export { ErrorPanel, type ErrorPanelProps } from './components/ErrorPanel';
export { EmptyState, type EmptyStateProps } from './components/EmptyState';
export { PageSpinner, type PageSpinnerProps } from './components/PageSpinner';
export { usePageTitle, formatPageTitle, PageTitleSinkContext, SITE_NAME, type PageTitleSink } from './use-page-title';
export { UnderConstruction } from './components/UnderConstruction';
