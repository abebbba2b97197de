import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_TYPES,
  SERVER_MESSAGE_TYPES,
  parseClientMessage,
  parseServerMessage,
} from '@shared/protocol';

const doc = readFileSync('docs/protocol.md', 'utf8');
const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);

describe('docs/protocol.md', () => {
  it('has a valid example for every client and server message, and nothing else', () => {
    const seen = new Set<string>();
    for (const text of examples) {
      const client = parseClientMessage(text);
      const server = parseServerMessage(text);
      expect(client.ok || server.ok, text).toBe(true);
      seen.add((JSON.parse(text) as { type: string }).type);
    }
    expect([...seen].sort()).toEqual([...CLIENT_MESSAGE_TYPES, ...SERVER_MESSAGE_TYPES].sort());
  });
});
