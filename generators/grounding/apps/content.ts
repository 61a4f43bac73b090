/**
 * Content helpers for the app builders: persona-driven topics, people, places, file names,
 * colours. Everything comes from the app context's seeded RNG and the locale profile's faker, in the page locale.
 */
import type { AppContext } from '../screens/app-context.js';

/** Avatar / tag colours. */
export const COLORS = ['#5e9ee8', '#e8805e', '#6cc06c', '#b07ee8', '#e8b04e', '#e86c9a', '#4ec7c2', '#8e8e93', '#f25c54', '#3d9970'];

/** A person's name in the page locale. */
export function person(k: AppContext): string {
  return k.profile.personName();
}

/** Distinct people. */
export function people(k: AppContext, n: number): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < n && i < n * 5; i++) out.add(person(k));
  return [...out];
}

/** A city in the page locale. */
export function place(k: AppContext): string {
  return k.faker.location.city();
}

/** A topic: one of the persona's interests or a project. */
export function topic(k: AppContext): string {
  const pool = [...(k.persona.interests ?? []), ...k.t.list('projects')];
  return k.rng.pick(pool);
}

/** Fill `{topic}`, `{place}`, `{name}`, `{n}` slots. */
export function fillSlots(k: AppContext, s: string): string {
  return s
    .replace(/\{topic\}/g, () => topic(k))
    .replace(/\{place\}/g, () => place(k))
    .replace(/\{name\}/g, () => person(k).split(/\s+/)[0]!)
    .replace(/\{n\}/g, () => String(k.rng.int(2, 98)));
}

/** `n` distinct entries of a catalogue list, slots filled. */
export function fromList(k: AppContext, key: string, n: number): string[] {
  const list = k.t.list(key);
  const picked = k.rng.sample(list, Math.min(n, list.length)).map((s) => fillSlots(k, s));
  return [...new Set(picked)];
}

/** Initials for an avatar (two CJK characters of a name, or first letters of two words). */
export function initials(name: string): string {
  if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(name)) {
    const parts = name.split(/\s+/);
    return parts.length > 1 ? parts[0]!.slice(0, 1) + parts[1]!.slice(0, 1) : name.slice(-2);
  }
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')).toUpperCase();
}

/** File-name-safe version of a phrase. */
export function fileSafe(s: string): string {
  return s.replace(/[\\/:*?"<>|]/g, '').trim();
}

/** Documents, spreadsheets, images ... named after the persona's projects and interests. */
export function fileNames(k: AppContext, n: number): Array<{ name: string; ext: string; icon: string; kind: string }> {
  const kinds: Array<[string, string, string]> = [
    ['docx', 'file-text', 'Word'], ['xlsx', 'file-spreadsheet', 'Excel'], ['pdf', 'file-text', 'PDF'], ['pptx', 'presentation', 'PowerPoint'],
    ['jpg', 'file-image', 'JPEG'], ['png', 'file-image', 'PNG'], ['zip', 'file-archive', 'ZIP'], ['mp4', 'file-video', 'MPEG-4'], ['txt', 'file-text', 'Text'], ['csv', 'file-spreadsheet', 'CSV'],
  ];
  const out: Array<{ name: string; ext: string; icon: string; kind: string }> = [];
  const used = new Set<string>();
  const projects = [...k.t.list('projects'), ...(k.persona.interests ?? [])];
  for (let i = 0; out.length < n && i < n * 6; i++) {
    const [ext, icon, kind] = k.rng.pick(kinds);
    const base =
      ext === 'jpg' || ext === 'png'
        ? k.rng.bool(0.5) ? `IMG_${k.rng.int(1000, 9999)}` : `${fileSafe(k.rng.pick(projects))} ${k.rng.int(1, 40)}`
        : `${fileSafe(k.rng.pick(projects))}${k.rng.bool(0.4) ? ` ${k.rng.pick(['v2', 'final', String(k.rng.pick([2024, 2025])), 'draft'])}` : ''}`;
    const name = `${base}.${ext}`;
    if (used.has(name.toLowerCase())) continue;
    used.add(name.toLowerCase());
    out.push({ name, ext, icon, kind });
  }
  return out;
}

/** A file size label. */
export function fileSize(k: AppContext): string {
  const v = k.rng.int(3, 9800);
  return v < 1000 ? `${v} KB` : `${k.num(v / 1000, 1)} MB`;
}

/** A random gradient for media placeholders. */
export function gradient(k: AppContext): string {
  const h = k.rng.int(0, 359);
  return `linear-gradient(135deg,hsl(${h} 70% 62%),hsl(${(h + 50) % 360} 65% 42%))`;
}
