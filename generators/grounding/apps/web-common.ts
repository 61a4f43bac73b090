/**
 * Web page pieces shared by the web apps: the `dialog` state (a cookie-consent modal) and the `menu`
 * state (the account menu opened from the header).
 */
import type { AppContext } from '../screens/app-context.js';
import type { Block, WebSpec } from '../screens/blocks.js';

/** A cookie-consent modal (the web pages' `dialog` state). */
export function webDialog(k: AppContext): Block {
  return {
    t: 'dialog',
    id: k.id('consent'),
    icon: 'cookie',
    title: k.t('wb.cookieTitle'),
    text: k.t('wb.cookieText'),
    actions: [
      k.btn('consent-manage', { label: k.t('wb.manage'), variant: 'link', act: 'manage-cookies' }),
      k.btn('consent-reject', { label: k.t('wb.rejectAll'), variant: 'default', act: 'reject-cookies' }),
      k.btn('consent-accept', { label: k.t('wb.acceptAll'), variant: 'primary', act: 'accept-cookies' }),
    ],
  };
}

/** Open the account menu of the header's last action (the web pages' `menu` state). */
export function webMenu(k: AppContext, spec: WebSpec): void {
  const acts = spec.header?.actions;
  if (!acts?.length) return;
  const last = acts[acts.length - 1]!;
  const items = [['profile', 'user'], ['settings', 'settings'], ['help', 'circle-help'], ['signOut', 'log-out']].map(([key, icon]) => {
    const id = k.id(`um-${key}`);
    k.hint(id, key === 'signOut' ? 'sign-out' : 'open-setting', { name: k.t(key!) });
    return { id, label: k.t(key!), icon };
  });
  last.menu = { t: 'menu', label: k.t('account'), items, cls: 'end' };
  last.expandedAttr = 'true';
}
