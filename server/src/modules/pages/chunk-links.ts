import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A chunk as Vite's build manifest (web/dist/.vite/manifest.json) describes it. */
type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * The head's links for the client chunks a server render drew (web/src/lib/rendered-chunks.ts):
 * their stylesheets, so the server's page paints styled (a landing painted bare and shifted when
 * its stylesheet came with its chunk), and a `modulepreload` of their scripts, so the browser
 * fetches them beside the entry instead of after it has run. What the entry already loads
 * (index.html's own script and stylesheet) is left out; an unknown key adds nothing.
 */
export function chunkLinks(webDist: string): (chunks: readonly string[]) => string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;

  const closure = (keys: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...seen];
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set(closure(entries));
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key].css ?? []));

  const known = new Map<string, string>();
  return (chunks) => {
    const id = [...chunks].sort().join('\n');
    let links = known.get(id);
    if (links === undefined) {
      const needed = closure(chunks).filter((key) => !loaded.has(key));
      const styles = [...new Set(needed.flatMap((key) => manifest[key].css ?? []))].filter(
        (css) => !loadedCss.has(css),
      );
      links =
        styles.map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`).join('') +
        needed
          .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`)
          .join('');
      known.set(id, links);
    }
    return links;
  };
}
