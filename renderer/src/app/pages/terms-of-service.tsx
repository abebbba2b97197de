export { TermsOfServicePage as default } from '../../features/legal/components/TermsOfServicePage';
