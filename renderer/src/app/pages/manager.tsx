export { ManagerPage as default } from '../../features/manager/components/ManagerPage';
