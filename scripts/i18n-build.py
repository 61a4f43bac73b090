#!/usr/bin/env python3
"""Builds templates/i18n/<name>.yaml from templates/i18n/src/<name>.txt.

Each source line is `key | en | zh | ja | de | es | fr | ar` (7 columns after the key); blank lines
and lines starting with # are skipped. Output strings are JSON-quoted (valid YAML), so translators
never have to think about YAML quoting.
"""
import json, pathlib, sys
root = pathlib.Path(__file__).resolve().parent.parent / 'templates' / 'i18n'
for src in sorted((root / 'src').glob('*.txt')):
    out = [f'# Generated from src/{src.name} by scripts/i18n-build.py. Columns: en, zh, ja, de, es, fr, ar.', 'strings:']
    for n, line in enumerate(src.read_text(encoding='utf8').splitlines(), 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        parts = [p.strip() for p in line.split('|')]
        if len(parts) != 8:
            sys.exit(f'{src.name}:{n}: expected key + 7 columns, got {len(parts)}: {line}')
        out.append(f'  {parts[0]}: [' + ', '.join(json.dumps(p, ensure_ascii=False) for p in parts[1:]) + ']')
    (root / (src.stem + '.yaml')).write_text('\n'.join(out) + '\n', encoding='utf8')
    print(f'{src.stem}.yaml: {len(out) - 2} strings')
# Hard negatives: `key | role | en | zh | ja | de | es | fr | ar | English functional phrase`
for src in sorted((root / 'src').glob('*.neg')):
    out = [f'# Generated from src/{src.name} by scripts/i18n-build.py. Plausible absent controls for hard negatives.', 'negatives:']
    for n, line in enumerate(src.read_text(encoding='utf8').splitlines(), 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        parts = [p.strip() for p in line.split('|')]
        if len(parts) != 10:
            sys.exit(f'{src.name}:{n}: expected key, role, 7 labels and a phrase; got {len(parts)}: {line}')
        k, role, *labels, fn = parts
        out.append(f'  {k}: {{role: {role}, label: [' + ', '.join(json.dumps(x, ensure_ascii=False) for x in labels) + f'], fn: {json.dumps(fn, ensure_ascii=False)}}}')
    (root / (src.stem + '.yaml')).write_text('\n'.join(out) + '\n', encoding='utf8')
    print(f'{src.stem}.yaml: {len(out) - 2} negatives')
