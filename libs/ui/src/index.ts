// @portal/ui: presentational parts the role remotes share. Not a shared module: each remote bundles, tree-shaken,
// the parts it uses (they hold no state), so the sign-in page does not download them.
export * from './Panel';
export * from './Text';
export * from './ItemList';
export * from './EmptyState';
export * from './StatCard';
export * from './PageHeader';
export * from './ColourAvatar';
export * from './StatusTabs';
export * from './DayPicker';
export * from './AccessDenied';
export * from './ErrorBoundary';
export * from './RemoteErrorPanel';
export * from './PlainButton';
export * from './MenuButton';
export * from './PasswordStrength';
export * from './NewPasswordFields';
export * from './LoadError';
export * from './countOf';
export * from './emailAddressRule';
export { srOnly, TOUCH_PX } from './srOnly';
