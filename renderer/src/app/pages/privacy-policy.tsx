export { PrivacyPolicyPage as default } from '../../features/legal/components/PrivacyPolicyPage';
