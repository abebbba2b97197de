import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { GameView } from '@shared/protocol';
import type { App } from '../app';
import { register } from './harness';
import { unreservedName } from './usernames';
import { TestSocket, type Received, type ReceivedOf } from './ws-client';

export interface Player {
  socket: TestSocket;
  token: string;
  userId: number;
  username: string;
}

let counter = 0;

export async function connectPlayer(
  app: App,
  url: string,
  name = unreservedName(() => `p${++counter}_${randomInt(100000)}`),
): Promise<Player> {
  const { token, user } = await register(app, { username: name.slice(0, 20) });
  return { socket: await TestSocket.signedIn(url, token), token, userId: user.id, username: user.username };
}

/** Both players queue, see MATCH_FOUND, accept, and get GAME_CREATED; returns the game id. */
export async function matchUp(a: Player, b: Player, queue: 'ranked' | 'quick' = 'ranked'): Promise<string> {
  const join = queue === 'ranked' ? 'JOIN_RANKED_QUEUE' : 'JOIN_QUICK_QUEUE';
  a.socket.send({ type: join, token: a.token });
  await a.socket.next('QUEUE_JOIN_SUCCESS');
  b.socket.send({ type: join, token: b.token });
  const foundA = await a.socket.next('MATCH_FOUND');
  const foundB = await b.socket.next('MATCH_FOUND');
  expect(foundA.token).toBe(foundB.token);
  expect(foundA.opponent.username).toBe(b.username);
  expect(foundB.opponent.username).toBe(a.username);
  a.socket.send({ type: 'ACCEPT_MATCH', token: foundA.token, userId: a.userId });
  await b.socket.next('MATCH_ACCEPTANCE_UPDATE', (m) => m.token === foundA.token && m.accepted);
  b.socket.send({ type: 'ACCEPT_MATCH', token: foundB.token, userId: b.userId });
  const createdA = await a.socket.next('GAME_CREATED');
  const createdB = await b.socket.next('GAME_CREATED');
  expect(createdA.gameId).toBe(createdB.gameId);
  return createdA.gameId;
}

export async function joinGame(player: Player, gameId: string): Promise<GameView> {
  player.socket.send({ type: 'GAME_JOIN', gameId });
  return (await player.socket.next('GAME_STATE', (m) => m.gameId === gameId)).game;
}

/**
 * Plays on with each player's first legal card until the game ends or `maxPlays` plays were made.
 * Returns the last view seen.
 */
export async function playOn(players: Player[], gameId: string, maxPlays = Infinity): Promise<GameView> {
  let view = await joinGame(players[0]!, gameId);
  for (const p of players.slice(1)) await joinGame(p, gameId);
  for (let plays = 0; view.status === 'active' && plays < maxPlays; plays++) {
    const actor = players.find((p) => view.players[view.turn!]!.userId === p.userId)!;
    actor.socket.send({ type: 'GAME_JOIN', gameId });
    const own = (await actor.socket.next('GAME_STATE', (m) => m.gameId === gameId)).game;
    actor.socket.send({ type: 'GAME_PLAY', gameId, card: own.legalCards[0], seq: own.seq });
    view = (await actor.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === own.seq + 1)).game;
  }
  return view;
}

/** The game frames a socket received, with the seq they describe. */
function gameFrames(frames: Received[], gameId: string) {
  return frames.filter(
    (f): f is ReceivedOf<'GAME_STATE' | 'GAME_UPDATE'> =>
      (f.type === 'GAME_STATE' || f.type === 'GAME_UPDATE') && f.gameId === gameId,
  );
}

/**
 * Checks every frame `viewer` received against the hands the other players held at that seq:
 * no unplayed card of theirs may appear. (The previous hand's last trick, shown at the start of a
 * new hand, and the events that ended it may name cards that were dealt again since.)
 */
export function expectNoLeaks(viewer: TestSocket, owners: TestSocket[], gameId: string): number {
  const handsAt = new Map<number, string[]>();
  for (const owner of owners) {
    for (const frame of gameFrames(owner.frames, gameId)) {
      const cards = handsAt.get(frame.game.seq) ?? [];
      handsAt.set(frame.game.seq, [...new Set([...cards, ...frame.game.hand])]);
    }
  }
  let checked = 0;
  for (const frame of gameFrames(viewer.frames, gameId)) {
    const hidden = handsAt.get(frame.game.seq) ?? [];
    const game = frame.game.trickNumber === 1 ? { ...frame.game, lastTrick: null } : frame.game;
    const events = frame.type === 'GAME_UPDATE' ? frame.events : [];
    const lastDeal = events.map((e) => e.kind).lastIndexOf('HAND_DEALT');
    // The view as the client holds it, and what the frame itself carried.
    const changes = frame.type === 'GAME_UPDATE' ? { ...frame.changes } : {};
    if (frame.game.trickNumber === 1) delete changes.lastTrick;
    const text = JSON.stringify({ game, changes, events: events.slice(lastDeal + 1) });
    for (const card of hidden) expect(text, `seq ${frame.game.seq}`).not.toContain(`"${card}"`);
    checked++;
  }
  return checked;
}
