import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { WhatsappKind, WhatsappState } from '../../shared/whatsapp';
import type { Db, Executor } from '../db/client';
import {
  whatsappEvents,
  whatsappMessages,
  whatsappOptOuts,
  whatsappTemplates,
  type WhatsappMessageRow,
} from '../db/schema';

/** States a message can move on from, lowest first: a late or repeated status never moves it back. */
const movable = ['sending', 'waiting', 'a_conferir', 'sent', 'delivered', 'read'] as const;
const rank: Record<(typeof movable)[number], number> = {
  sending: 0,
  waiting: 0,
  a_conferir: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};
/** What a status webhook may set; 'failed' ranks between sent and delivered. */
const webhookStates = ['sent', 'delivered', 'read', 'failed'] as const satisfies readonly WhatsappState[];

export const whatsappRepo = {
  /**
   * The message's row, claimed for this send: new, or one left 'waiting' (a rate limit: not sent).
   * Undefined when another run holds or has sent it.
   */
  async claim(db: Db, orderId: string, kind: WhatsappKind, now: Date): Promise<string | undefined> {
    const [row] = await db
      .insert(whatsappMessages)
      .values({ orderId, kind, state: 'sending', createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [whatsappMessages.orderId, whatsappMessages.kind],
        set: { state: 'sending', updatedAt: now },
        setWhere: sql`${whatsappMessages.state} = 'waiting'`,
      })
      .returning({ id: whatsappMessages.id });
    return row?.id;
  },
  /** A claim whose run stopped before recording anything (a crash): it may have been sent. */
  async markStaleSending(db: Db, orderId: string, kind: WhatsappKind, before: Date, now: Date) {
    await db
      .update(whatsappMessages)
      .set({ state: 'a_conferir', updatedAt: now })
      .where(
        and(
          eq(whatsappMessages.orderId, orderId),
          eq(whatsappMessages.kind, kind),
          eq(whatsappMessages.state, 'sending'),
          lt(whatsappMessages.updatedAt, before),
        ),
      );
  },
  /** A message that is not sent at all (no template, opted out): kept so the panel says why. */
  async skip(db: Db, orderId: string, kind: WhatsappKind, reason: string, now: Date) {
    await db
      .insert(whatsappMessages)
      .values({ orderId, kind, state: 'skipped', errorText: reason, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  },
  /** Sent: the wamid kept; a status webhook that came first keeps its state. */
  async recordSent(db: Db, id: string, wamid: string, now: Date) {
    await db
      .update(whatsappMessages)
      .set({
        wamid,
        state: sql`case when ${whatsappMessages.state} in ('sending', 'a_conferir') then 'sent' else ${whatsappMessages.state} end`,
        updatedAt: now,
      })
      .where(eq(whatsappMessages.id, id));
  },
  async recordState(
    db: Db,
    id: string,
    state: 'a_conferir' | 'waiting' | 'failed',
    error: { code: number | null; text: string },
    now: Date,
  ) {
    await db
      .update(whatsappMessages)
      .set({ state, errorCode: error.code, errorText: error.text.slice(0, 500), updatedAt: now })
      .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.state, 'sending')));
  },
  /**
   * Back to `waiting`, to be sent again (whatsapp/send-later.ts): only a message Meta has not delivered
   * (claimed now, sent, or a conferir). True when it moved.
   */
  async waitAgain(db: Executor, id: string, error: { code: number; text: string }, now: Date) {
    const rows = await db
      .update(whatsappMessages)
      .set({ state: 'waiting', errorCode: error.code, errorText: error.text.slice(0, 500), updatedAt: now })
      .where(
        and(eq(whatsappMessages.id, id), inArray(whatsappMessages.state, ['sending', 'sent', 'a_conferir'])),
      )
      .returning({ id: whatsappMessages.id });
    return rows.length > 0;
  },
  /** The message a status webhook speaks of: by our id (biz_opaque_callback_data) or the wamid. */
  async findForStatus(db: Executor, match: { id: string | null; wamid: string }) {
    const [row] = await db
      .select()
      .from(whatsappMessages)
      .where(
        match.id
          ? or(eq(whatsappMessages.id, match.id), eq(whatsappMessages.wamid, match.wamid))
          : eq(whatsappMessages.wamid, match.wamid),
      )
      .limit(1);
    return row;
  },
  /**
   * A status webhook: found by our id (biz_opaque_callback_data) or the wamid; moves forward only.
   * 'failed' settles any message not yet delivered.
   */
  async applyStatus(
    db: Db,
    match: { id: string | null; wamid: string },
    status: string,
    error: { code: number | null; text: string } | null,
    now: Date,
  ) {
    // Any other word (Meta's or ours) would move nothing: no state ranks below it.
    const state = webhookStates.find((s) => s === status);
    if (state === undefined) return;
    const target = state === 'failed' ? 1.5 : rank[state];
    const below = movable.filter((s) => rank[s] < target);
    const idMatch = match.id ? eq(whatsappMessages.id, match.id) : undefined;
    await db
      .update(whatsappMessages)
      .set({
        state,
        wamid: match.wamid,
        ...(error ? { errorCode: error.code, errorText: error.text.slice(0, 500) } : {}),
        updatedAt: now,
      })
      .where(
        and(
          idMatch
            ? or(idMatch, eq(whatsappMessages.wamid, match.wamid))
            : eq(whatsappMessages.wamid, match.wamid),
          inArray(whatsappMessages.state, below),
        ),
      );
  },
  /** True the first time this event key is seen. */
  async firstSight(db: Executor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .insert(whatsappEvents)
      .values({ id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: whatsappEvents.id });
    return rows.length > 0;
  },
  async optOut(db: Executor, phone: string, now: Date) {
    await db.insert(whatsappOptOuts).values({ phone, createdAt: now }).onConflictDoNothing();
  },
  async optedOut(db: Executor, phone: string): Promise<boolean> {
    const rows = await db
      .select({ phone: whatsappOptOuts.phone })
      .from(whatsappOptOuts)
      .where(eq(whatsappOptOuts.phone, phone));
    return rows.length > 0;
  },
  async optedOutAmong(db: Executor, phones: readonly string[]): Promise<Set<string>> {
    if (phones.length === 0) return new Set();
    const rows = await db
      .select({ phone: whatsappOptOuts.phone })
      .from(whatsappOptOuts)
      .where(inArray(whatsappOptOuts.phone, [...phones]));
    return new Set(rows.map((r) => r.phone));
  },
  async templates(db: Executor): Promise<Record<string, string>> {
    const rows = await db.select().from(whatsappTemplates);
    return Object.fromEntries(rows.map((r) => [r.kind, r.name]));
  },
  async setTemplate(db: Executor, kind: WhatsappKind, name: string, now: Date) {
    if (name === '') {
      await db.delete(whatsappTemplates).where(eq(whatsappTemplates.kind, kind));
      return;
    }
    await db
      .insert(whatsappTemplates)
      .values({ kind, name, updatedAt: now })
      .onConflictDoUpdate({ target: whatsappTemplates.kind, set: { name, updatedAt: now } });
  },
  async forOrders(db: Executor, orderIds: readonly string[]): Promise<WhatsappMessageRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(whatsappMessages)
      .where(inArray(whatsappMessages.orderId, [...orderIds]))
      .orderBy(whatsappMessages.createdAt);
  },
};
