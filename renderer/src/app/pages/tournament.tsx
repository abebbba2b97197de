export { TournamentPage as default } from '../../features/tournaments/components/TournamentPage';
