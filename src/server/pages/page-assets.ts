import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** The HTML template with the stylesheet inlined (one round trip less on a slow phone). */
  template: string;
  /** <link rel="modulepreload"> tags for a page module's chunks, so they load alongside the entry. */
  preloadTags(module: string): string;
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

  const entryKeys = new Set(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const alreadyLinked = new Set<string>();
  for (const key of entryKeys) collect(key, alreadyLinked);

  function collect(key: string, into: Set<string>): void {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  }

  const cache = new Map<string, string>();
  return {
    template,
    preloadTags(module) {
      let tags = cache.get(module);
      if (tags === undefined) {
        if (!manifest[module]) throw new Error(`page module ${module} is not in the build manifest`);
        const files = new Set<string>();
        collect(module, files);
        tags = [...files]
          .filter((file) => !alreadyLinked.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        cache.set(module, tags);
      }
      return tags;
    },
  };
}
