import { describe, expect, it } from 'vitest';
import { planMonthLines } from './plan-month';
import type { DeliveryView } from './schemas/deliveries';

const base: DeliveryView = {
  id: 'd',
  product: 'followers',
  quantity: 1110,
  delivered: 370,
  state: 'in_progress',
  dueAt: '2026-11-23T15:00:00.000Z',
  refillStatus: null,
  component: null,
  activeUntil: null,
  leftToExpire: false,
};
const component = (over: Partial<DeliveryView>): DeliveryView => ({
  ...base,
  product: 'likes',
  quantity: 40,
  delivered: null,
  component: 'likes_per_post',
  activeUntil: '2026-12-23T03:00:00.000Z',
  ...over,
});
const now = new Date('2026-12-01T12:00:00Z');

describe('planMonthLines', () => {
  it("the followers so far of the month's promise, then each component and how long it runs", () => {
    expect(
      planMonthLines(
        [
          base,
          component({}),
          component({
            id: 's',
            product: 'views',
            quantity: 35,
            component: 'story_views',
            leftToExpire: true,
          }),
          component({ id: 'v', product: 'views', quantity: 150, component: 'video_views', state: 'manual' }),
        ],
        now,
      ),
    ).toEqual([
      { key: 'followers', title: 'Seguidores do mês', detail: '370 de 1.110 entregues' },
      {
        key: 'likes_per_post',
        title: '40 curtidas por publicação',
        detail: 'Curtidas automáticas ativas até 23/12',
      },
      {
        key: 'story_views',
        title: '35 visualizações de story',
        detail: 'Visualizações de story automáticas até 23/12 (o fornecedor encerra nesta data)',
      },
      { key: 'video_views', title: '150 visualizações de vídeo', detail: 'Em preparação' },
    ]);
  });

  it('a month over, a month refunded', () => {
    const after = new Date('2026-12-24T12:00:00Z');
    expect(planMonthLines([component({ state: 'completed' })], after)[1]!.detail).toBe('Encerradas em 23/12');
    expect(planMonthLines([component({ state: 'canceled' })], now)[1]!.detail).toBe('Canceladas');
  });

  it('a month over that the panel still reports active reads as ended, not "ativas até" a past day', () => {
    const after = new Date('2026-12-24T12:00:00Z');
    for (const state of ['pending', 'in_progress'] as const)
      for (const leftToExpire of [false, true])
        expect(planMonthLines([component({ state, leftToExpire })], after)[1]!.detail).toBe(
          'Encerradas em 23/12',
        );
    // The last moment of the month still runs.
    const edge = new Date('2026-12-23T02:59:59Z');
    expect(planMonthLines([component({})], edge)[1]!.detail).toBe('Curtidas automáticas ativas até 23/12');
  });
});
