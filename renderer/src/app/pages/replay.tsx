export { ReplayPage as default } from '../../features/table/components/replay/ReplayPage';
