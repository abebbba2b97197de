export { ProfilePage as default } from '../../features/profile/components/ProfilePage';
