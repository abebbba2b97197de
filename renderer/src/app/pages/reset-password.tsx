export { ResetPasswordPage as default } from '../../features/session/components/ResetPasswordPage';
