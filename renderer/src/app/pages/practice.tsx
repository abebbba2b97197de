export { LocalPracticePage as default } from '../../features/table/components/LocalPracticePage';
export { localGameWorker as warmLocalGame } from '../../features/table/local/worker';
