export { LocalPracticePage as default } from '../../features/game/components/LocalPracticePage';
export { localGameWorker as warmLocalGame } from '../../features/game/local/worker';
