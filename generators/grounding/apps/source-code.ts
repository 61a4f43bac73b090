/**
 * Source files for the code editor screens (IDE and composite desktops): a TypeScript or Python module
 * written the way people write them — imports, constants, a few functions with distinct bodies — and
 * the syntax-highlighting tokens of each line.
 *
 * Lines are distinct (only closing brackets, `else`-like keywords and blank lines repeat), so a line a
 * person would click can be named by its text; statements stay short (at most {@link MAX_LINE}
 * characters after the indentation) the way a formatter with a narrow editor pane leaves them.
 * Deterministic: a pure function of the rng state.
 */
import type { Rng } from '../../../core/rng.js';

/** One highlighted token: `c` = k keyword, s string, c comment, f function, n number, t type, p plain. */
export interface CodeToken {
  c: 'k' | 's' | 'c' | 'f' | 'n' | 't' | 'p';
  t: string;
}
/** One line of the editor: its number, whether it holds the cursor, and its tokens (empty = blank line). */
export interface CodeLine {
  n: number | string;
  cur?: boolean;
  toks: CodeToken[];
}
/** Language of a file, by its extension. */
export type CodeLang = 'ts' | 'py';

/** Longest statement (characters after the indentation). */
export const MAX_LINE = 44;

const VERBS = ['load', 'save', 'fetch', 'parse', 'format', 'validate', 'compute', 'build', 'send', 'resolve', 'merge', 'sync', 'render', 'update', 'delete', 'find', 'normalize', 'export'];
const NOUNS = ['User', 'Order', 'Invoice', 'Cart', 'Session', 'Report', 'Config', 'Payment', 'Address', 'Profile', 'Token', 'Item', 'Message', 'Schedule', 'Review', 'Product'];
const VARS = ['user', 'order', 'items', 'total', 'rows', 'result', 'payload', 'query', 'limit', 'cursor', 'status', 'entry', 'record', 'batch', 'price', 'count', 'owner', 'draft'];
const MESSAGES = ['not found', 'invalid input', 'missing id', 'expired', 'out of stock', 'forbidden', 'rate limited', 'already paid', 'empty cart', 'bad request'];
const COMMENTS = ['TODO: handle retries', 'keep in sync with the API', 'cache for five minutes', 'FIXME: slow on large carts', 'see docs/billing.md', 'prices are in cents', 'the first page is 1', 'ids are UUIDs', 'skip archived rows', 'NOTE: runs in a worker'];
/** Python import lines (a module and names it really has). */
const IMPORTS_PY = ['from __future__ import annotations', 'from dataclasses import dataclass', 'from datetime import datetime, timedelta', 'from decimal import Decimal', 'from typing import Optional', 'from pathlib import Path', 'from uuid import uuid4', 'import json', 'import logging'];
/** TypeScript import lines. */
const IMPORTS_TS = ["import { z } from 'zod';", "import { db } from './db';", "import { logger } from './logger';", "import { cache } from './cache';", "import type { Order, User } from './models';", "import { randomUUID } from 'node:crypto';", "import { format } from 'date-fns';", "import { config } from './config';"];

const KEYWORDS: Record<CodeLang, ReadonlySet<string>> = {
  ts: new Set(['import', 'from', 'export', 'const', 'let', 'async', 'function', 'await', 'return', 'if', 'else', 'for', 'of', 'new', 'throw', 'type', 'interface', 'null', 'true', 'false', 'default', 'try', 'catch']),
  py: new Set(['import', 'from', 'def', 'return', 'if', 'else', 'elif', 'for', 'in', 'not', 'None', 'True', 'False', 'class', 'raise', 'with', 'as', 'async', 'await', 'is', 'and', 'or', 'try', 'except']),
};

/** Syntax tokens of one line (strings, comments, numbers, keywords, calls, capitalised types; the rest plain, merged). */
export function tokenize(line: string, lang: CodeLang): CodeToken[] {
  const out: CodeToken[] = [];
  const push = (c: CodeToken['c'], t: string): void => {
    const last = out[out.length - 1];
    if (last && last.c === c && c === 'p') last.t += t;
    else out.push({ c, t });
  };
  const re = /(\/\/.*$|#.*$)|('[^']*'|"[^"]*"|`[^`]*`)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)|(\s+|.)/gy;
  for (let m = re.exec(line); m && m[0]; m = re.exec(line)) {
    const [whole, comment, str, num, word] = m;
    if (comment && (lang === 'py' ? comment.startsWith('#') : comment.startsWith('//'))) push('c', comment);
    else if (comment) push('p', comment);
    else if (str) push('s', str);
    else if (num) push('n', num);
    else if (word) {
      const next = line[re.lastIndex];
      if (KEYWORDS[lang].has(word)) push('k', word);
      else if (next === '(') push('f', word);
      else if (/^[A-Z][a-z]/.test(word)) push('t', word);
      else push('p', word);
    } else push('p', whole);
  }
  return out;
}

const camel = (verb: string, noun: string): string => `${verb}${noun}`;
const snake = (verb: string, noun: string): string => `${verb}_${noun.toLowerCase()}`;

/**
 * A source file of `n` lines (at least 8) in language `lang`. Returns the lines as text (indentation
 * included); pass them to {@link tokenize} for the highlighting.
 */
export function sourceFile(rng: Rng, lang: CodeLang, n: number): string[] {
  const used = new Set<string>();
  const lines: string[] = [];
  /** Add a line; a non-trivial statement already in the file is refused (returns false). */
  const add = (s: string): boolean => {
    const key = s.trim();
    if (/[\w'"]/.test(key) && !/^(else|try|except|\} else \{|\} catch)/.test(key)) {
      if (used.has(key) || key.length > MAX_LINE) return false;
      used.add(key);
    }
    lines.push(s);
    return true;
  };
  /** First of `draws` candidate lines that is new to the file (a few attempts), else nothing. */
  const addOne = (draw: () => string, tries = 6): void => {
    for (let i = 0; i < tries; i++) if (add(draw())) return;
  };
  const fnNames = rng.shuffle(VERBS).slice(0, 8).map((v, i) => ({ v, noun: NOUNS[(i + rng.int(0, NOUNS.length - 1)) % NOUNS.length]! }));
  const ind = lang === 'py' ? '    ' : '  ';
  const msg = (): string => rng.pick(MESSAGES);
  const v = (): string => rng.pick(VARS);
  const num = (): number => rng.pick([3, 5, 10, 20, 25, 50, 100, 250, 500, 1000, 3600]);
  if (lang === 'ts') {
    add(`import { Router } from 'express';`);
    // (the names the functions below use, and a few others)
    const must = ["import { db } from './db';", "import { logger } from './logger';", "import { cache } from './cache';"];
    for (const m of [...must, ...rng.sample(IMPORTS_TS.filter((x) => !must.includes(x)), rng.int(0, 2))]) add(m);
    add('');
    addOne(() => `const ${rng.pick(['PAGE_SIZE', 'MAX_RETRIES', 'TIMEOUT_MS', 'CACHE_TTL', 'BATCH_LIMIT'])} = ${num()};`);
    add('');
    for (const fn of fnNames) {
      if (lines.length >= n) break;
      const name = camel(fn.v, fn.noun);
      const arg = fn.noun.toLowerCase();
      if (rng.bool(0.3)) addOne(() => `// ${rng.pick(COMMENTS)}`);
      add(`export async function ${name}(${arg}: ${fn.noun}) {`);
      const body = rng.int(2, 5);
      for (let i = 0; i < body; i++) {
        const r = rng.int(0, 7);
        if (r === 0) addOne(() => `${ind}const ${v()} = await db.${arg}s.find(${arg}.id);`);
        else if (r === 1) addOne(() => `${ind}if (!${arg}.${v()}) throw new Error('${msg()}');`);
        else if (r === 2) addOne(() => `${ind}const ${v()} = ${arg}.${v()} ?? ${num()};`);
        else if (r === 3) addOne(() => `${ind}logger.info('${fn.v} ${arg}', ${arg}.id);`);
        else if (r === 4) addOne(() => `${ind}// ${rng.pick(COMMENTS)}`);
        else if (r === 5) {
          const it = v();
          if (add(`${ind}for (const ${it} of ${arg}.${v()}s) {`)) {
            addOne(() => `${ind}${ind}${it}.${v()} = ${rng.pick(['null', 'true', 'false', String(num())])};`);
            add(`${ind}}`);
          }
        } else if (r === 6) addOne(() => `${ind}await cache.set(${arg}.id, ${v()});`);
        else addOne(() => `${ind}${arg}.${v()} = ${rng.pick(['Date.now()', `'${msg()}'`, String(num())])};`);
      }
      addOne(() => `${ind}return ${rng.pick([arg, `${arg}.id`, `{ ok: true, ${arg} }`, `${v()}`])};`);
      add('}');
      add('');
    }
  } else {
    for (const m of [...rng.sample(IMPORTS_PY.filter((x) => x !== 'import logging'), rng.int(1, 3)), 'import logging']) add(m);
    add('');
    add('from .db import cache, db');
    add('');
    add('log = logging.getLogger(__name__)');
    add('');
    addOne(() => `${rng.pick(['PAGE_SIZE', 'MAX_RETRIES', 'TIMEOUT_S', 'CACHE_TTL', 'BATCH_LIMIT'])} = ${num()}`);
    add('');
    for (const fn of fnNames) {
      if (lines.length >= n) break;
      const arg = fn.noun.toLowerCase();
      if (rng.bool(0.3)) addOne(() => `# ${rng.pick(COMMENTS)}`);
      add(`def ${snake(fn.v, fn.noun)}(${arg}: ${fn.noun}):`);
      const body = rng.int(2, 5);
      for (let i = 0; i < body; i++) {
        const r = rng.int(0, 6);
        if (r === 0) addOne(() => `${ind}${v()} = db.get(${fn.noun}, ${arg}.id)`);
        else if (r === 1) {
          const x = v();
          if (add(`${ind}if ${arg}.${x} is None:`)) addOne(() => `${ind}${ind}raise ValueError('${msg()}')`);
        } else if (r === 2) addOne(() => `${ind}${v()} = ${arg}.${v()} or ${num()}`);
        else if (r === 3) addOne(() => `${ind}log.info('${fn.v} %s', ${arg}.id)`);
        else if (r === 4) addOne(() => `${ind}# ${rng.pick(COMMENTS)}`);
        else if (r === 5) {
          const it = v();
          if (add(`${ind}for ${it} in ${arg}.${v()}s:`)) addOne(() => `${ind}${ind}${it}.${v()} = ${rng.pick(['None', 'True', 'False', String(num())])}`);
        } else addOne(() => `${ind}cache.set(${arg}.id, ${v()})`);
      }
      addOne(() => `${ind}return ${rng.pick([arg, `${arg}.id`, v()])}`);
      add('');
    }
  }
  while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
  return lines.slice(0, Math.max(8, n));
}

/** The editor lines of a file (numbered from 1, cursor on line `cur`, 0-based; on the last line when the file is shorter). */
export function codeLines(rng: Rng, lang: CodeLang, n: number, cur: number): CodeLine[] {
  const src = sourceFile(rng, lang, n);
  const c = Math.min(cur, src.length - 1);
  return src.map((s, i) => ({ n: i + 1, cur: i === c, toks: s ? tokenize(s, lang) : [] }));
}
