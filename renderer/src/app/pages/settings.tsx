export { AccountSettingsPage as default } from '../../features/session/components/AccountSettingsPage';
