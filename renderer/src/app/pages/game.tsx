export { GameRoomPage as default } from '../../features/game/components/GameRoomPage';
