/**
 * SFT prompt templates (Handlebars). Built-ins: `grounding.hbs` and `captcha.hbs` in this folder, each
 * including the partial `{{> action_space}}` = `action-space-venus.hbs` (UI-Venus-2 action space) or
 * `action-space-uitars.hbs` (UI-TARS action space) for the chosen dialect.
 *
 * `--template FILE` replaces both built-ins with one user template (branch with `{{#if isGrounding}}`);
 * it may use `{{> action_space}}`. Variables: see {@link PromptContext}. Templates are compiled with
 * `noEscape` (plain text, not HTML) and `strict` (a misspelt variable is an error, reported as a
 * UsageError naming `--template`).
 */
import Handlebars from 'handlebars';
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../core/errors.js';
import type { Dialect } from '../../core/actions.js';

const DIR = dirname(fileURLToPath(import.meta.url));

/** Everything a prompt template can use. */
export interface PromptContext {
  kind: 'grounding' | 'captcha';
  isGrounding: boolean;
  isCaptcha: boolean;
  /** The query (grounding) or the CAPTCHA instruction, in the record's locale. */
  instruction: string;
  dialect: Dialect;
  /** True when the answer starts with reasoning (`--thinking`). */
  thinking: boolean;
  /** One sentence on the coordinate convention, or '' when the trainer rewrites coordinates itself (swift). */
  coords_text: string;
  /** How to refuse in this dialect: `Refuse()` or `call_user()`. */
  refusal: string;
  /** Saved image size, px. */
  width: number;
  height: number;
  platform: string;
  locale: string;
  /** CAPTCHA type and group ('' for grounding). */
  captcha_type: string;
  captcha_group: string;
}

/** A compiled prompt renderer. */
export interface Prompts {
  render(ctx: PromptContext): string;
  /** sha256 of the template sources used (recorded in the export manifest). */
  sha256: string;
  /** `builtin` or the user template path. */
  source: string;
}

/** Variables a template can use (PromptContext keys), for error messages. */
const CONTEXT_KEYS =
  'kind, isGrounding, isCaptcha, instruction, dialect, thinking, coords_text, refusal, width, height, platform, locale, captcha_type, captcha_group';

/**
 * A Handlebars error as one line: a parse error keeps its line number, what was expected and the text near it
 * (Handlebars spreads them over four lines); a strict-mode lookup names the missing variable and the ones there are.
 */
export function templateError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const lines = msg.split('\n').map((l) => l.trim()).filter((l) => l && !/^-*\^$/.test(l));
  if (/^Parse error/.test(lines[0] ?? '')) return `${lines[0]} ${lines.slice(2).join(' ')} (near '${lines[1] ?? ''}')`.replace(/\s+/g, ' ');
  const nd = /^"(.+)" not defined in \[object Object\]/.exec(msg);
  if (nd) return `{{${nd[1]}}} is not a template variable (available: ${CONTEXT_KEYS})`;
  return lines.join(' ').replace(/\[object Object\]/g, 'the prompt context');
}

/**
 * Compile the prompt templates for a dialect.
 * @param template path of a user template (`--template`), or undefined for the built-ins
 * @throws UsageError (`--template`) when the file is missing or does not compile
 */
export function loadPrompts(dialect: Dialect, template?: string): Prompts {
  const hb = Handlebars.create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  const partial = readFileSync(join(DIR, `action-space-${dialect}.hbs`), 'utf8');
  hb.registerPartial('action_space', partial);
  const opts = { noEscape: true, strict: true };
  let sources: string[];
  let render: (ctx: PromptContext) => string;
  if (template !== undefined) {
    if (!existsSync(template)) throw new UsageError(`--template: ${template} does not exist`, '--template');
    const src = readFileSync(template, 'utf8');
    sources = [partial, src];
    let t: HandlebarsTemplateDelegate<PromptContext>;
    try {
      t = hb.compile<PromptContext>(src, opts);
      t({} as PromptContext); // Handlebars parses lazily: make a syntax error surface here
    } catch (e) {
      if (!/not defined in/.test((e as Error).message)) throw new UsageError(`--template: ${template}: ${templateError(e)}`, '--template');
    }
    render = (ctx) => {
      try {
        return t(ctx).trim();
      } catch (e) {
        throw new UsageError(`--template: ${template}: ${templateError(e)}`, '--template');
      }
    };
  } else {
    const g = readFileSync(join(DIR, 'grounding.hbs'), 'utf8');
    const c = readFileSync(join(DIR, 'captcha.hbs'), 'utf8');
    sources = [partial, g, c];
    const tg = hb.compile<PromptContext>(g, opts);
    const tc = hb.compile<PromptContext>(c, opts);
    render = (ctx) => (ctx.isGrounding ? tg(ctx) : tc(ctx)).trim();
  }
  return { render, sha256: createHash('sha256').update(sources.join('\u0000')).digest('hex'), source: template ?? 'builtin' };
}
