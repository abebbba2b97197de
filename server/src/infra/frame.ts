import type { ServerMessage } from '@shared/protocol';

/**
 * A server message already encoded as its JSON frame. A room builds one per recipient (a player,
 * or all spectators at once) and every socket it goes to sends the same text, so no frame is
 * serialised twice. `toJSON` keeps it a plain message to anything that does serialise it.
 */
export class PreparedFrame {
  constructor(
    readonly message: ServerMessage,
    readonly text: string,
  ) {}

  toJSON(): ServerMessage {
    return this.message;
  }
}

/** What may be sent to a user: a message, or one encoded already. */
export type Outgoing = ServerMessage | PreparedFrame;

/** The frame text of an outgoing message. */
export function frameText(message: Outgoing): string {
  return message instanceof PreparedFrame ? message.text : JSON.stringify(message);
}
