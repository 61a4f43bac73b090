// Checks templates/i18n/*.yaml: every string tuple has 7 entries, every list has equal lengths per language.
import { readFileSync, readdirSync } from 'node:fs';
import YAML from 'yaml';
const dir = new URL('../templates/i18n/', import.meta.url);
let bad = 0;
for (const f of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
  const d = YAML.parse(readFileSync(new URL(f, dir), 'utf8')) ?? {};
  for (const [k, v] of Object.entries(d.strings ?? {})) if (Array.isArray(v) && v.length !== 7) { bad++; console.log(`${f}: strings.${k} has ${v.length} entries`); }
  for (const [k, v] of Object.entries(d.lists ?? {})) {
    if (v.parallel === false) continue;
    const n = v.en.length;
    for (const [l, a] of Object.entries(v)) if (Array.isArray(a) && a.length !== n) { bad++; console.log(`${f}: lists.${k}.${l} has ${a.length}, en has ${n}`); }
  }
  for (const [k, v] of Object.entries(d.commands ?? {})) if (Array.isArray(v.label) && v.label.length !== 7) { bad++; console.log(`${f}: commands.${k}.label has ${v.label.length}`); }
}
process.exit(bad ? 1 : 0);
