export { GameRoomPage as default } from '../../features/table/components/GameRoomPage';
