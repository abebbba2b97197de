import type { QueueName } from '@shared/protocol';

export interface QueueEntry {
  userId: number;
  username: string;
  queue: QueueName;
  /** Players wanted at the table: 2, 3 or 4 for quick; always 2 for ranked. */
  size: number;
  rating: number;
  joinedAt: number;
}

/** The waiting players of both queues, one entry per user. Shared across nodes in a Redis version. */
export interface QueueStore {
  add(entry: QueueEntry): Promise<void>;
  remove(userId: number): Promise<QueueEntry | undefined>;
  get(userId: number): Promise<QueueEntry | undefined>;
  /** Entries of one queue, longest waiting first. */
  list(queue: QueueName): Promise<QueueEntry[]>;
}

export class LocalQueueStore implements QueueStore {
  private readonly entries = new Map<number, QueueEntry>();

  async add(entry: QueueEntry) {
    this.entries.set(entry.userId, entry);
  }

  async remove(userId: number) {
    const entry = this.entries.get(userId);
    this.entries.delete(userId);
    return entry;
  }

  async get(userId: number) {
    return this.entries.get(userId);
  }

  async list(queue: QueueName) {
    return [...this.entries.values()]
      .filter((e) => e.queue === queue)
      .sort((a, b) => a.joinedAt - b.joinedAt);
  }
}
