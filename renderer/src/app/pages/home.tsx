export { LandingPage as default } from '../../features/landing/components/LandingPage';
