export { WatchPage as default } from '../../features/game/components/watch/WatchPage';
