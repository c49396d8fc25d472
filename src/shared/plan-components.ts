import { formatDate } from './dates';

// The engagement a monthly plan sells besides its daily followers (issue 26, ADR 032): each component has
// its quantity in the catalogue and is delivered by a subscription-type service of the SMM panel, which
// watches the profile and delivers to every new post until the end of the paid month.

export const planComponentIds = ['likes_per_post', 'story_views', 'video_views'] as const;
export type PlanComponentId = (typeof planComponentIds)[number];

export interface PlanComponent {
  id: PlanComponentId;
  /** Per post (likes, video views) or per story (story views). */
  quantity: number;
}

/**
 * The minutes a panel may wait after each new post before delivering (`delay`): the set the panels
 * publish, none other accepted (tests/fake-smm/CONTRACT.md, S4 and S6). 0 unless the owner picks another.
 */
export const componentDelays = [
  0, 5, 10, 15, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 360, 420, 480, 540, 600,
] as const;
export type ComponentDelay = (typeof componentDelays)[number];

export const planComponentKinds: Readonly<
  Record<PlanComponentId, { product: 'likes' | 'views'; unit: string; auto: string }>
> = {
  likes_per_post: { product: 'likes', unit: 'curtidas por publicação', auto: 'Curtidas automáticas' },
  story_views: {
    product: 'views',
    unit: 'visualizações de story',
    auto: 'Visualizações de story automáticas',
  },
  video_views: {
    product: 'views',
    unit: 'visualizações de vídeo',
    auto: 'Visualizações de vídeo automáticas',
  },
};

/** "40 curtidas por publicação": the card's line, written from what delivery sends. */
export const componentLine = (c: PlanComponent) => `${c.quantity} ${planComponentKinds[c.id].unit}`;

/** The item key of a component's delivery within a month's order. */
export const componentItemKey = (id: PlanComponentId) => `plan:${id}`;

export function componentOfItemKey(itemKey: string): PlanComponentId | null {
  const id = itemKey.startsWith('plan:') ? itemKey.slice(5) : '';
  return (planComponentIds as readonly string[]).includes(id) ? (id as PlanComponentId) : null;
}

/** 'dd/mm' of a São Paulo day. */
export const dayAndMonth = (at: Date) => formatDate(at).slice(0, 5);

/** The operator's task for a component no panel service delivers: "Entregar manualmente: … até dd/mm". */
export const manualTask = (c: PlanComponent, handle: string, until: Date) =>
  `Entregar manualmente: ${componentLine(c)} para @${handle} até ${dayAndMonth(until)}`;
