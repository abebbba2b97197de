export { GamesPage as default } from '../../features/lobby/components/GamesPage';
