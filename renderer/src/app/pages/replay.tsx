export { ReplayPage as default } from '../../features/game/components/replay/ReplayPage';
