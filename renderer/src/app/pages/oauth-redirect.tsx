export { OAuthRedirectPage as default } from '../../features/session/components/OAuthRedirectPage';
