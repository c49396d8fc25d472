import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bootLoaderTag, type ScriptStart } from './boot-loader';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** Imported by entry-client.tsx on start, so every page fetches it beside the entry. */
const hydrationModule = 'app/hydrate.tsx';

export interface PageAssets {
  /** The HTML template with the stylesheet inlined (one round trip less on a slow phone). */
  template: string;
  /** The loader that starts the client with the page module's chunks at `start` (boot-loader.ts). */
  scriptTags(module: string, start: ScriptStart): string;
}

export async function loadPageAssets(clientDir: string): Promise<PageAssets> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  let template = await readFile(path.join(clientDir, 'index.html'), 'utf8');

  for (const match of template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)) {
    const css = await readFile(path.join(clientDir, match[1]!), 'utf8');
    template = template.replace(match[0], () => `<style>${css}</style>`);
  }

  // Vite's module script and modulepreload links come out of the template; scriptTags() puts them back.
  const entryScript = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/.exec(template);
  if (!entryScript) throw new Error('index.html has no entry script');
  const entry = entryScript[1]!;
  template = template
    .replace(entryScript[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="\/[^"]+">/g, '');

  // The entry's files, and the hydration module the entry imports on start (entry-client.tsx, ADR 051).
  const entryFiles = new Set<string>();
  for (const key of Object.keys(manifest).filter((key) => manifest[key]!.isEntry)) collect(key, entryFiles);
  if (!manifest[hydrationModule]) throw new Error(`${hydrationModule} is not in the build manifest`);
  collect(hydrationModule, entryFiles);

  function collect(key: string, into: Set<string>): void {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  }

  const cache = new Map<string, string>();
  return {
    template,
    scriptTags(module, start) {
      const key = `${module}|${start}`;
      let tags = cache.get(key);
      if (tags === undefined) {
        if (!manifest[module]) throw new Error(`page module ${module} is not in the build manifest`);
        const files = new Set(entryFiles);
        collect(module, files);
        const chunks = [...files].map((file) => `/${file}`).filter((file) => file !== entry);
        tags = bootLoaderTag(entry, chunks, start);
        cache.set(key, tags);
      }
      return tags;
    },
  };
}
