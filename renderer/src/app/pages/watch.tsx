export { WatchPage as default } from '../../features/table/components/watch/WatchPage';
