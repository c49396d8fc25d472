import { createHash } from 'node:crypto';

/**
 * Starts a page's scripts once the page has painted, so they never share a slow connection with the HTML
 * and the paint does not wait for them (Lighthouse mobile counts every script requested before the
 * largest paint against it: `/` LCP 2.1 s with the scripts in <head>, 1.2 s after load; the checkout 2.4 s,
 * 0.7 s after the first paint). Every page arrives rendered with its styles inline, so scripts only add
 * behaviour; a form typed into before they run keeps what was typed (ui/text-field.tsx), and a submit before
 * they run is held back (the browser would otherwise reload the page as a GET and drop what was typed) and,
 * like a tap on a button, kept: the page replays the last one once it reacts (lib/early-tap.ts, issue 45
 * §1). A form marked `data-plain` posts to the server on its own (the cookie banner's choice).
 * - `load`: content pages start them after the load event, and the paint after it;
 * - `paint`: pages with forms right after the first paint of the parsed page.
 * (A hidden tab paints nothing: it starts them at once.) Load alone was not enough: with the styles
 * inline, `load` can fire before the first paint, and Lighthouse then counts the scripts against it
 * (`/`: LCP 1.57–2.05 s in some runs, 0.8 s in others).
 * Each chunk's modulepreload link is added in a task of its own: adding one costs about 5 ms of a slow
 * phone's main thread, and thirty in one task were a 343 ms long task (ADR 051).
 * Inline, so it costs no request; allowed by its hash in the CSP.
 */
const source =
  '(function(s){var q=null,h=function(){return document.documentElement.dataset.hydrated};' +
  'addEventListener("submit",function(e){if(h()||e.target.hasAttribute("data-plain"))return;e.preventDefault();q={form:e.target,submitter:e.submitter}},true);' +
  'addEventListener("click",function(e){var b=!h()&&e.target.closest&&e.target.closest(\'button[type="button"]\');if(b)q={button:b}},true);' +
  'window.__earlyTap=function(){var t=q;q=null;return t};' +
  'function go(){s.dataset.chunks.split(" ").forEach(function(h){setTimeout(function(){var l=document.createElement("link");' +
  'l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)})});setTimeout(function(){import(s.dataset.entry)})}' +
  'function painted(){document.visibilityState==="hidden"?go():requestAnimationFrame(function(){setTimeout(go)})}' +
  'if(s.dataset.start==="paint")document.readyState==="loading"?addEventListener("DOMContentLoaded",painted):painted();' +
  'else document.readyState==="complete"?painted():addEventListener("load",painted)})(document.currentScript)';

/** The CSP source that allows exactly this script. */
export const bootLoaderCspSource = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

export type ScriptStart = 'load' | 'paint';

/** The loader of a page: its entry module, the chunks to fetch alongside it, and when to start. */
export function bootLoaderTag(entry: string, chunks: readonly string[], start: ScriptStart): string {
  return `<script data-entry="${entry}" data-chunks="${chunks.join(' ')}" data-start="${start}">${source}</script>`;
}
