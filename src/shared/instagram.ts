// Instagram handles: leading @ stripped, 1–30 of letters, digits, dot and underscore
// (docs/product.md#validation-texts).
export const instagramHandlePattern = /^[A-Za-z0-9._]{1,30}$/;

export function normaliseInstagramHandle(raw: string): string {
  return raw.trim().replace(/^@+/, '');
}

export function isValidInstagramHandle(raw: string): boolean {
  return instagramHandlePattern.test(normaliseInstagramHandle(raw));
}

/** A link to an Instagram post, reel or IGTV video (what likes and views are delivered to). */
export function isInstagramPostLink(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (host === 'instagram.com' || host.endsWith('.instagram.com') || host === 'instagr.am') &&
    /^\/(?:[A-Za-z0-9._]+\/)?(p|reel|reels|tv)\/[A-Za-z0-9_-]+/.test(url.pathname)
  );
}
