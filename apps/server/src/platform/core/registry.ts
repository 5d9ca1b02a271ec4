import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Where modules join each other's work without importing each other: a module names an extension
 * point (extension-points.ts), others register a handler on it, and the owner asks all of them
 * with one of four questions. Every handler takes one object and answers a promise.
 *
 * - veto: "may these rows be deleted?" Each handler answers the ids it holds and what holds them
 *   (a send list's name); the owner refuses the delete when any answer comes back (E-710, E-715).
 * - uses: "what uses these rows?" Each handler answers how many of its things use each id; the
 *   owner adds them up (a send list's reserved messages).
 * - answers: "what do you know about this?" Each handler answers a list; the asker gets them all
 *   (the Wi-Fi page a code greets with, asked before the code is deleted).
 * - event: "something happened" (a follow). Handlers run one after another, in the order they
 *   registered; the first failure rejects and the rest do not run.
 */

/** The question of a veto or a uses point: rows `ids` of channel `channelId`. */
export interface IdsQuestion {
  channelId: number;
  ids: readonly number[];
  /**
   * The asking transaction, which the handler reads through when given (a delete's: its rows are
   * locked there, so what the handler finds cannot change before the delete). Handlers reach the
   * database itself through the context they were registered with.
   */
  trx?: Transaction<Database>;
}

/** One row that may not be deleted, and what holds it (shown to the owner). */
export interface Veto {
  id: number;
  by: string;
}

/** How many things of the answering module use row `id`. */
export interface Use {
  id: number;
  count: number;
}

type Kind = 'veto' | 'uses' | 'answers' | 'event';

/** A named extension point; `In` is what its handlers are given, `Out` what they answer. */
export interface Point<K extends Kind, In, Out> {
  readonly kind: K;
  readonly name: string;
  /** Never set: carries the handler's type. */
  readonly handler?: (input: In) => Promise<Out>;
}

export type VetoPoint = Point<'veto', IdsQuestion, readonly Veto[]>;
export type UsesPoint = Point<'uses', IdsQuestion, readonly Use[]>;
export type EventPoint<E> = Point<'event', E, void>;
export type AnswersPoint<In, Out> = Point<'answers', In, readonly Out[]>;

export const vetoPoint = (name: string): VetoPoint => ({ kind: 'veto', name });
export const usesPoint = (name: string): UsesPoint => ({ kind: 'uses', name });
export const eventPoint = <E>(name: string): EventPoint<E> => ({ kind: 'event', name });
export const answersPoint = <In, Out>(name: string): AnswersPoint<In, Out> => ({ kind: 'answers', name });

type AnyHandler = (input: never) => Promise<unknown>;

export class Registry {
  private readonly handlers = new Map<Point<Kind, never, unknown>, AnyHandler[]>();

  /** Adds a handler to a point; the returned function removes it again (tests). */
  register<K extends Kind, In, Out>(
    point: Point<K, In, Out>,
    handler: (input: In) => Promise<Out>,
  ): () => void {
    const list = this.handlersOf(point);
    list.push(handler);
    return () => {
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** The ids among those asked that some handler holds, ascending, each with every distinct holder. */
  async vetoes(point: VetoPoint, question: IdsQuestion): Promise<Array<{ id: number; by: string[] }>> {
    if (question.ids.length === 0) return [];
    const held = new Map<number, string[]>();
    for (const handler of this.handlersOf(point)) {
      for (const { id, by } of await handler(question)) {
        const names = held.get(Number(id)) ?? [];
        if (!names.includes(by)) names.push(by);
        held.set(Number(id), names);
      }
    }
    return [...held].sort(([a], [b]) => a - b).map(([id, by]) => ({ id, by }));
  }

  /** For each id asked, the uses every handler answers added up (0 when none); ids not asked are ignored. */
  async uses(point: UsesPoint, question: IdsQuestion): Promise<Map<number, number>> {
    const totals = new Map(question.ids.map((id) => [id, 0]));
    if (question.ids.length === 0) return totals;
    for (const handler of this.handlersOf(point)) {
      for (const { id, count } of await handler(question)) {
        const before = totals.get(Number(id));
        if (before !== undefined) totals.set(Number(id), before + Number(count));
      }
    }
    return totals;
  }

  /** Every handler's answers, in the order they registered. */
  async answers<In, Out>(point: AnswersPoint<In, Out>, question: In): Promise<Out[]> {
    const all: Out[] = [];
    for (const handler of this.handlersOf(point)) all.push(...(await handler(question)));
    return all;
  }

  /** Tells every handler of the point, one after another. */
  async emit<E>(point: EventPoint<E>, event: E): Promise<void> {
    for (const handler of [...this.handlersOf(point)]) await handler(event);
  }

  private handlersOf<K extends Kind, In, Out>(point: Point<K, In, Out>): Array<(input: In) => Promise<Out>> {
    const key = point as unknown as Point<Kind, never, unknown>;
    let list = this.handlers.get(key);
    if (!list) {
      list = [];
      this.handlers.set(key, list);
    }
    return list as unknown as Array<(input: In) => Promise<Out>>;
  }
}
