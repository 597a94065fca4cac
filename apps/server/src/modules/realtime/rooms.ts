export { roomName } from '@federa/schemas';
