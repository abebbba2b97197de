/**
 * The protocol revision this code speaks, sent in MESSAGING_AUTH. 2: GAME_UPDATE may be `implied`
 * (changes against what its events imply; docs/protocol.md, "Game updates are deltas"). A client
 * that sends none gets revision 1's frames, so an older app keeps working.
 */
export const PROTOCOL_VERSION = 2;
