/**
 * Blocks every app may reuse that are built with the app context (ids, hints, strings, skin): the
 * confirm dialog of the `dialog` state and an open menu of commands.
 */
import { commandDef } from '../commands.js';
import type { AppContext } from './app-context.js';
import type { Block } from './blocks.js';

/** A generic confirm dialog (save changes / delete) for the `dialog` state. */
export function confirmDialog(k: AppContext, kind: 'save' | 'delete', name: string, sheet = false): Block {
  const id = k.id('dlg');
  if (kind === 'save') {
    const save = k.btn('dlg-save', { label: k.t('save'), variant: 'primary', act: 'dlg-save' });
    const dont = k.btn('dlg-dont', { label: k.t('dontSave'), variant: 'default', act: 'dlg-dont-save' });
    const cancel = k.btn('dlg-cancel', { label: k.t('cancel'), variant: 'default', act: 'dlg-cancel' });
    const actions = k.skin === 'windows' ? [save, dont, cancel] : k.skin === 'ios' ? [dont, save] : [dont, cancel, save];
    return { t: 'dialog', id, sheet, icon: k.skin === 'macos' ? 'file-text' : undefined, title: k.t('unsaved', { name }), text: k.t('unsavedNote'), actions };
  }
  const del = k.btn('dlg-delete', { label: k.t('delete'), variant: 'danger', act: 'dlg-delete', args: { name } });
  const cancel = k.btn('dlg-cancel', { label: k.t('cancel'), variant: 'default', act: 'dlg-cancel' });
  return { t: 'dialog', id, sheet, title: k.t('deleteQ', { name }), text: k.t('deleteNote'), actions: k.skin === 'windows' ? [del, cancel] : [cancel, del] };
}

/** An open menu (partial `k-menu`) of command keys (`'-'` = separator). */
export function menuOf(k: AppContext, label: string, cmds: string[], end = false): Block {
  const mac = k.skin === 'macos';
  const items = cmds.map((c) => {
    if (c === '-') return { sep: true };
    const def = commandDef(c);
    const id = k.id(`mi-${c}`);
    k.hint(id, `cmd:${c}`);
    // the ⌘ sign is drawn as an icon (the embedded UI fonts have no glyph for it)
    const key = def.key ? (mac ? def.key : `Ctrl+${def.key}`) : '';
    return { id, label: def.label[k.lang] ?? def.label.en, icon: mac ? undefined : def.icon, key, cmdKey: mac && !!def.key };
  });
  return { t: 'menu', label, items, cls: end ? 'end' : undefined };
}
