export { ForgotPasswordPage as default } from '../../features/session/components/ForgotPasswordPage';
