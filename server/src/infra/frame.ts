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
  private textBuilt: string | undefined;
  private impliedBuilt: string | undefined;
  private compactBuilt: string | undefined;

  constructor(
    /** Revision 1's text, or what builds it when first asked for (no socket of a room may need it). */
    private readonly encode: string | (() => string),
    private readonly build: () => ServerMessage,
    /**
     * The same update for a client of protocol 2 or later, smaller: its changes against what its
     * events imply (docs/protocol.md, "Game updates are deltas"). Built when first asked for.
     */
    private readonly buildImplied?: () => string,
    /**
     * The same update for a client of protocol 3 or later: also leaving out the events the rules
     * imply (docs/protocol.md, "Game updates are deltas"). Built when first asked for.
     */
    private readonly buildCompact?: () => string,
  ) {}

  /** Revision 1's text: what every client reads, and what the bus between nodes carries. */
  get text(): string {
    return (this.textBuilt ??= typeof this.encode === 'string' ? this.encode : this.encode());
  }

  /** The text for a socket that speaks `protocol`. */
  textFor(protocol: number): string {
    if (protocol < 2 || !this.buildImplied) return this.text;
    if (protocol >= 3 && this.buildCompact) return (this.compactBuilt ??= this.buildCompact());
    return (this.impliedBuilt ??= this.buildImplied());
  }

  get message(): ServerMessage {
    return (this.built ??= this.build());
  }

  toJSON(): ServerMessage {
    return this.message;
  }
}

/** What may be sent to a user: a message, or one encoded already. */
export type Outgoing = ServerMessage | PreparedFrame;

/**
 * The frame text of an outgoing message, for a socket that speaks `protocol` (PROTOCOL_VERSION;
 * 1 for one that named none). `text` itself, which the bus between nodes carries, is revision 1's,
 * which every client reads.
 */
export function frameText(message: Outgoing, protocol = 1): string {
  return message instanceof PreparedFrame ? message.textFor(protocol) : JSON.stringify(message);
}
