import type { ServerMessage } from '@shared/protocol';

/**
 * A server message already encoded as its JSON frame. A room builds one per recipient (a player,
 * or all spectators at once) and every socket it goes to sends the same text, so no frame is
 * serialised twice. The message as an object is built only if something asks for it (tests, or
 * `toJSON`, which keeps the frame a plain message to anything that serialises it, such as the bus
 * between nodes): a socket needs only the text.
 */
export class PreparedFrame {
  private built: ServerMessage | undefined;

  constructor(
    readonly text: string,
    private readonly build: () => ServerMessage,
  ) {}

  get message(): ServerMessage {
    return (this.built ??= this.build());
  }

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
