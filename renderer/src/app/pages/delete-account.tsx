export { DeleteAccountPage as default } from '../../features/session/components/DeleteAccountPage';
