import { describe, expect, it } from 'vitest';
import { addOnTargets } from './add-on-targets';

const post = 'https://www.instagram.com/p/abc/';
describe('addOnTargets (issue 45 §4)', () => {
  it('an add-on for a post without a link, on an order without one, has no target', () => {
    expect(addOnTargets({ addOns: ['likes', 'views'], addOnLinks: {} }).missing).toEqual(['likes', 'views']);
  });
  it("its own link, else the order's post; followers need none", () => {
    expect(addOnTargets({ addOns: ['likes', 'followers'], addOnLinks: { likes: post } })).toEqual({
      links: { likes: post },
      missing: [],
    });
    expect(addOnTargets({ addOns: ['likes'], addOnLinks: { likes: ' ' }, postLink: post }).links).toEqual({
      likes: post,
    });
  });
});
