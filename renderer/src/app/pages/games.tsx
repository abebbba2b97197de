export { GamesPage as default } from '../../features/games/components/GamesPage';
