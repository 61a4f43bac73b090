/**
 * Desktop app builders (macOS and Windows): each returns one window. The same builder draws both
 * platforms; the skin decides chrome, toolbar style (macOS unified toolbar vs Windows ribbon /
 * command bar) and control order.
 */
import type { AppContext } from '../screens/app-context.js';
import { box, toolbar, SEP, SPACER, type Block, type Btn, type WindowSpec } from '../screens/blocks.js';
import { confirmDialog, menuOf } from '../screens/standard-blocks.js';
import { COLORS, fileNames, fileSize, fromList, gradient, initials, people, person, place, topic } from './content.js';
import { browserWindow } from './browser.js';
import { codeLines } from './source-code.js';

type WindowApp = (k: AppContext) => WindowSpec;
const mac = (k: AppContext): boolean => k.skin === 'macos';

/** A sidebar item list. */
function sideItems(k: AppContext, base: string, items: Array<{ label: string; icon?: string; count?: string; dot?: string; color?: string }>, sel: number, act: string): Array<Record<string, unknown>> {
  return items.map((it, i) => {
    const id = k.id(`${base}-${i}`);
    k.hint(id, act, { name: it.label });
    return { id, ...it, selected: i === sel };
  });
}

/** A ribbon (Windows Office-style): tab strip + one row of grouped commands. */
function ribbon(k: AppContext, tabs: string[], sel: number, groups: Array<Array<Btn | Record<string, unknown>>>): Block[] {
  const tabItems = tabs.map((label, i) => {
    const id = k.id(`rtab-${i}`);
    k.hint(id, 'switch-tab', { name: label });
    return { id, label, selected: i === sel };
  });
  const items: Array<Btn | Record<string, unknown>> = [];
  groups.forEach((g, i) => {
    if (i) items.push(SEP);
    items.push(...g);
  });
  return [{ t: 'tabs', label: k.t('ds.ribbon'), items: tabItems, cls: 'k-ribbontabs' }, toolbar(k.t('toolbar'), items, 'bb k-ribbon')];
}

function selectItem(k: AppContext, base: string, title: string, options: string[], sel = 0): Record<string, unknown> {
  const id = k.id(base);
  k.hint(id, 'choose', { name: title });
  return { kind: 'select', id, title, options: options.map((label, i) => ({ label, sel: i === sel })) };
}

function searchItem(k: AppContext, base: string, placeholder: string, act = 'search-generic'): Record<string, unknown> {
  const id = k.id(base);
  k.hint(id, act);
  return { kind: 'search', id, placeholder };
}

// ------------------------------------------------------------------------------------------ files

const files: WindowApp = (k) => {
  const { rng, t } = k;
  const places = ['recents', 'desktop', 'documents', 'downloads', 'pictures', 'music'];
  const folder = rng.pick(['documents', 'downloads', 'desktop', 'pictures']);
  const folderName = t(folder);
  const interests = k.persona.interests ?? [];
  const subfolders = [...interests.slice(0, 2), ...rng.sample(k.t.list('projects'), 2)];
  const list = fileNames(k, rng.int(9, 15));
  const year = rng.pick([2024, 2025]);
  const selRow = rng.int(0, 4);
  const grid = mac(k) && rng.bool(0.3);
  const rows = [
    ...subfolders.map((f) => ({ name: f, icon: 'folder', kind: t('ds.folder'), size: '--', color: '#4aa3f0' })),
    ...list.map((f) => ({ name: f.name, icon: f.icon, kind: f.kind, size: fileSize(k), color: f.ext === 'pdf' ? '#e5484d' : f.ext.startsWith('x') || f.ext === 'csv' ? '#1d9e55' : f.ext.startsWith('p') && f.ext !== 'png' && f.ext !== 'pdf' ? '#e0702d' : '#5e8fd6' })),
  ];
  const tableRows = rows.map((r, i) => {
    const id = k.id(`row-${i}`);
    const link = k.id(`file-${i}`);
    k.hint(link, 'open-file', { name: r.name });
    return {
      id,
      selected: i === selRow,
      cells: [
        { text: r.name, icon: r.icon, color: r.color, link },
        { text: k.dateLabel(year, rng.int(1, 12), rng.int(1, 28)) + (mac(k) ? ` ${k.clock(rng.int(8, 20), rng.int(0, 59))}` : '') },
        { text: r.size, align: 'end' },
        { text: r.kind },
      ],
    };
  });
  const cols = [
    { label: t('name'), w: '46%', sortId: k.id('col-name'), sorted: true },
    { label: t('modified'), w: '24%' },
    // (wide enough for "8.7 MB" and the column's name in every language: a size cut to "8.7 M…" cannot be read)
    { label: t('size'), w: 'max(12%, 6.5em)', align: 'end' },
    { label: t('kind'), w: '18%' },
  ];
  const side = mac(k)
    ? [
        { title: t('favorites'), items: sideItems(k, 'fav', places.map((p) => ({ label: t(p), icon: { recents: 'clock', desktop: 'monitor', documents: 'file-text', downloads: 'circle-arrow-down', pictures: 'image', music: 'music' }[p]! })), places.indexOf(folder), 'open-folder') },
        { title: 'iCloud', items: sideItems(k, 'icl', [{ label: 'iCloud Drive', icon: 'cloud' }, { label: t('ds.shared'), icon: 'folder-symlink' }], -1, 'open-folder') },
        { title: t('ds.tags'), items: sideItems(k, 'tagi', [['ds.red', '#ff453a'], ['ds.orange', '#ff9f0a'], ['ds.green', '#30d158'], ['ds.blue', '#0a84ff']].map(([l, c]) => ({ label: t(l!), dot: c })), -1, 'open-tag') },
      ]
    : [
        { items: sideItems(k, 'nav', [{ label: t('home'), icon: 'house' }, { label: t('ds.gallery'), icon: 'images' }, { label: 'OneDrive', icon: 'cloud' }], -1, 'open-folder') },
        { items: sideItems(k, 'qa', places.slice(1).map((p) => ({ label: t(p), icon: { desktop: 'monitor', documents: 'file-text', downloads: 'download', pictures: 'image', music: 'music' }[p]!, color: '#5b9bd5' })), places.slice(1).indexOf(folder), 'open-folder') },
        { items: sideItems(k, 'pc', [{ label: t('app.thispc'), icon: 'monitor' }, { label: `${t('ds.localDisk')} (C:)`, icon: 'hard-drive' }, { label: t('network'), icon: 'network' }], -1, 'open-folder') },
      ];
  const sidebar: Block = { t: 'sidebar', label: t('sidebar'), sections: side, cls: mac(k) ? '' : 'br', style: '' };
  const status = `${t('itemsCount', { n: rows.length })}${mac(k) ? `, ${k.num(rng.int(20, 900), 1)} GB ${t('ds.available')}` : ''}`;
  let content: Block;
  if (grid) {
    content = {
      t: 'cards',
      label: folderName,
      cols: Math.max(4, Math.floor((k.device.width * 0.55) / 130)),
      cls: 'k-icongrid',
      items: rows.map((r, i) => {
        const id = k.id(`icon-${i}`);
        k.hint(id, 'open-file', { name: r.name });
        return { id, title: r.name, link: true, media: { icon: r.icon, size: 40, bg: 'transparent', h: 64 } };
      }),
    };
  } else content = { t: 'table', label: folderName, cols, rows: tableRows };
  if (mac(k)) {
    const tb = toolbar(k.t('toolbar'), [
      k.cmd('back'), k.cmd('forward'), { kind: 'text', label: folderName },
      SPACER,
      { kind: 'group', items: [k.cmd('view-grid', { pressed: grid }), k.cmd('view-list', { pressed: !grid }), k.cmd('view-columns', { pressed: false })] },
      k.cmd('sort'), k.cmd('share'), k.cmd('tag'), k.cmd('more'),
      searchItem(k, 'search', t('search')),
    ]);
    return {
      app: 'files',
      title: folderName,
      unified: [tb],
      menus: [t('app.finder'), t('file'), t('edit'), t('view'), t('ds.go'), t('window'), t('help')],
      body: [box('row', [{ ...sidebar, cls: 'k-wide-side' }, box('col', [content, { t: 'statusline', items: [{ label: status }] }], 'grow')], 'grow')],
    };
  }
  const newBtn = k.btn('new', { label: t('new'), icon: 'circle-plus', variant: 'ghost', caret: true, act: 'cmd:new-folder' });
  if (k.state === 'menu') {
    newBtn.menu = menuOf(k, t('new'), ['new-folder', '-', 'new-file', 'new']);
    newBtn.expandedAttr = 'true';
  }
  const cmdbar = toolbar(k.t('toolbar'), [
    newBtn, SEP, k.cmd('cut'), k.cmd('copy'), k.cmd('paste'), k.cmd('rename'), k.cmd('share'), k.cmd('delete'), SEP,
    k.btn('sortmenu', { label: t('sort'), icon: 'arrow-up-down', variant: 'ghost', caret: true, act: 'cmd:sort' }),
    k.btn('viewmenu', { label: t('view'), icon: 'list', variant: 'ghost', caret: true, act: 'cmd:view-list' }),
    k.cmd('more'), SPACER, k.btn('details', { label: t('ds.details'), icon: 'panel-right', variant: 'ghost', act: 'cmd:info' }),
  ], 'bb');
  const crumbs: Block = { t: 'breadcrumb', label: t('breadcrumb'), items: [{ id: k.id('crumb-pc'), label: t('app.thispc') }, { label: folderName }] };
  k.hint((crumbs.items as Array<{ id?: string }>)[0]!.id!, 'open-folder', { name: t('app.thispc') });
  const addr = box('row', [toolbar(t('navigation'), [k.cmd('back'), k.cmd('forward'), k.cmd('up'), k.cmd('refresh')]), box('row', [crumbs], 'grow k-addr'), toolbar(t('search'), [searchItem(k, 'search', `${t('search')} ${folderName}`)])], 'bb k-center');
  const title = folderName;
  return {
    app: 'files',
    title,
    appIcon: 'folder',
    appColor: '#f2b600',
    titleTabs: [{ t: 'tabs', label: t('tabBar'), items: [{ id: k.id('ftab-0'), label: folderName, selected: true, icon: 'folder', close: k.id('ftab-0-x'), closeLabel: t('closeTab') }], add: k.cmd('new-tab'), cls: 'k-wintabs' }],
    body: [addr, cmdbar, box('row', [{ ...sidebar }, box('col', [content], 'grow')], 'grow'), { t: 'statusline', items: [{ label: status }, { label: rows[selRow] ? `1 ${t('ds.selected')}` : '' }] }],
    dialog: k.state === 'dialog' ? confirmDialog(k, 'delete', rows[selRow]!.name) : undefined,
  };
};

// ------------------------------------------------------------------------------------------ settings

const SETTINGS_MAC: Array<[string, string, string]> = [
  ['wifi', 'wifi', '#0a84ff'], ['bluetooth', 'bluetooth', '#0a84ff'], ['network', 'globe', '#0a84ff'], ['notifications', 'bell', '#ff453a'], ['sound', 'volume-2', '#ff375f'],
  ['ds.focus', 'moon', '#5e5ce6'], ['general', 'settings', '#8e8e93'], ['appearance', 'sun-moon', '#1c1c1e'], ['ds.accessibility', 'accessibility', '#0a84ff'],
  ['ds.controlCenter', 'sliders-horizontal', '#8e8e93'], ['privacy', 'hand', '#0a84ff'], ['ds.desktopDock', 'dock', '#1c1c1e'], ['display', 'sun', '#0a84ff'],
  ['ds.wallpaper', 'image', '#32ade6'], ['battery', 'battery-full', '#30d158'], ['ds.lockScreen', 'lock', '#1c1c1e'], ['ds.users', 'users', '#8e8e93'], ['password', 'key-round', '#8e8e93'],
];
const SETTINGS_WIN: Array<[string, string, string]> = [
  ['ds.system', 'monitor', '#0078d4'], ['ds.devices', 'bluetooth', '#0078d4'], ['ds.netInternet', 'wifi', '#0078d4'], ['ds.personalization', 'brush', '#e3008c'],
  ['ds.apps', 'layout-grid', '#6b69d6'], ['account', 'circle-user', '#038387'], ['ds.timeLanguage', 'globe', '#0078d4'], ['ds.gaming', 'gamepad-2', '#107c10'],
  ['ds.accessibility', 'accessibility', '#0078d4'], ['privacy', 'shield', '#5c5c5c'], ['ds.update', 'refresh-cw', '#0078d4'],
];

const settings: WindowApp = (k) => {
  const { rng, t } = k;
  const items = mac(k) ? SETTINGS_MAC : SETTINGS_WIN;
  const sel = rng.int(0, Math.min(items.length - 1, 9));
  const [selKey] = items[sel]!;
  const sideSecs = mac(k)
    ? [{ items: sideItems(k, 'set', items.map(([l, icon, color]) => ({ label: t(l), icon, color })), sel, 'open-setting') }]
    : [{ items: sideItems(k, 'set', items.map(([l, icon, color]) => ({ label: t(l), icon, color })), sel, 'open-setting') }];
  const sidebar: Block = { t: 'sidebar', label: t('sidebar'), sections: sideSecs, head: k.persona.name, cls: 'k-setside' };
  // pane: rows of switches and selects, titled by the selected page
  const rowsPool: Array<[string, 'switch' | 'select' | 'nav', string[]?]> = [
    ['ds.s.autoBrightness', 'switch'], ['ds.s.nightShift', 'switch'], ['ds.s.trueTone', 'switch'], ['ds.s.showInMenu', 'switch'], ['ds.s.allowNotif', 'switch'],
    ['ds.s.playSounds', 'switch'], ['ds.s.autoUpdate', 'switch'], ['ds.s.lowPower', 'switch'], ['ds.s.location', 'switch'], ['ds.s.shareAnalytics', 'switch'],
    ['ds.s.resolution', 'select', ['1920 × 1080', '2560 × 1440', '3840 × 2160']], ['ds.s.refresh', 'select', ['60 Hz', '120 Hz', '144 Hz']], ['ds.s.alert', 'select', ['Boop', 'Breeze', 'Pebble', 'Sonar']],
    ['language', 'select', ['English', 'Deutsch', 'Español', 'Français']], ['ds.s.startup', 'nav'], ['ds.s.storage', 'nav'], ['about', 'nav'], ['ds.s.sharing', 'nav'],
  ];
  const picked = rng.sample(rowsPool, rng.int(7, 10));
  const fields = picked.map(([key, kind, opts]) => {
    const id = k.id(`opt-${key.replace(/\W/g, '')}`);
    const label = t(key);
    if (kind === 'switch') {
      const on = rng.bool(0.5);
      k.hint(id, 'toggle', { name: label, state: on ? 'on' : 'off' });
      return { kind: 'switch', id, label, on };
    }
    if (kind === 'select') {
      k.hint(id, 'choose', { name: label });
      return { kind: 'select', id, label, options: opts!.map((o, i) => ({ label: o, sel: i === 0 })) };
    }
    k.hint(id, 'open-setting', { name: label });
    return { kind: 'link', id, label };
  });
  const pane: Block = { t: 'form', label: t(selKey), title: mac(k) ? t(selKey) : '', fields, cls: 'k-setpane' };
  const search = toolbar(t('search'), [searchItem(k, 'search', t('search'), 'search-settings')], 'k-setsearch');
  const dialog = k.state === 'dialog' ? { t: 'dialog', id: k.id('dlg'), sheet: mac(k), title: t('ds.s.restartQ'), text: t('ds.s.restartNote'), actions: [k.btn('dlg-later', { label: t('ds.s.later'), act: 'dlg-cancel' }), k.btn('dlg-restart', { label: t('ds.s.restart'), variant: 'primary', act: 'restart' })] } : undefined;
  if (mac(k)) {
    return {
      app: 'settings',
      title: t(selKey),
      prefer: { w: 0.55, h: 0.8 },
      unified: [toolbar(t('toolbar'), [k.cmd('back'), k.cmd('forward'), { kind: 'text', label: t(selKey) }])],
      menus: [t('app.settings'), t('edit'), t('view'), t('window'), t('help')],
      body: [box('row', [box('col', [search, sidebar], 'k-setcol'), box('col', [pane], 'grow')], 'grow')],
      dialog,
    };
  }
  return {
    app: 'settings',
    title: t('app.winsettings'),
    appIcon: 'settings',
    appColor: '#6b6b6b',
    body: [box('row', [box('col', [search, sidebar], 'k-setcol'), box('col', [{ t: 'breadcrumb', label: t('breadcrumb'), items: [{ label: t(selKey) }], cls: 'k-bigcrumb' }, pane], 'grow')], 'grow')],
    dialog,
  };
};

// ------------------------------------------------------------------------------------------ calendar

const calendar: WindowApp = (k) => {
  const { rng, t } = k;
  const year = rng.pick([2024, 2025]);
  const month = rng.int(1, 12);
  const dow = t.list('weekdaysShort');
  // the real calendar of that month (the weekday lists start on Sunday): weekday of the 1st, its length
  // and the previous month's, as many weeks as the month spans (4 to 6)
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prevDays = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const nWeeks = Math.ceil((first + days) / 7);
  const today = rng.int(1, days);
  const weeks: Array<{ days: Array<Record<string, unknown>> }> = [];
  const evs = fromList(k, 'events', 12);
  let ev = 0;
  for (let w = 0; w < nWeeks; w++) {
    const row: Array<Record<string, unknown>> = [];
    for (let d = 0; d < 7; d++) {
      const n = w * 7 + d - first + 1;
      const inMonth = n >= 1 && n <= days;
      const shown = inMonth ? n : n < 1 ? prevDays + n : n - days;
      const id = k.id(`day-${w}-${d}`);
      const events: Array<Record<string, unknown>> = [];
      if (inMonth && rng.bool(0.35) && ev < evs.length) {
        const eid = k.id(`ev-${ev}`);
        const title = evs[ev++]!;
        k.hint(eid, 'open-event', { name: title });
        events.push({ id: eid, title, time: k.clock(rng.int(8, 18), rng.pick([0, 15, 30, 45])), color: rng.pick(COLORS) });
      }
      k.hint(id, inMonth ? 'pick-day' : n < 1 ? 'pick-day-prev' : 'pick-day-next', { name: `${shown}` });
      row.push({ id, n: shown, out: !inMonth, today: inMonth && n === today, events, aria: inMonth ? k.shortDate(month, n) : `${shown}` });
    }
    weeks.push({ days: row });
  }
  const cals = sideItems(k, 'cal', [[t('home'), '#34c759'], [t('ds.work'), '#0a84ff'], [t('ds.family'), '#ff9f0a'], [t('ds.holidays'), '#ff453a'], [t('ds.birthdays'), '#af52de']].map(([label, dot]) => ({ label: label!, dot })), -1, 'toggle-calendar');
  const seg = { kind: 'group', items: ['day', 'week', 'month', 'year'].map((v) => k.btn(`view-${v}`, { label: t(`ds.${v}`), variant: 'ghost', pressed: v === 'month', act: 'switch-view', args: { name: t(`ds.${v}`) } })) };
  const grid: Block = {
    t: 'calendar',
    label: t('app.calendar'),
    title: k.profile.monthTitle(year, month),
    dow,
    weeks,
    headBtns: [k.cmd('cal-prev'), k.cmd('cal-today', { text: true, variant: 'default' }), k.cmd('cal-next')],
  };
  const tb = toolbar(t('toolbar'), [k.cmd('sidebar'), k.cmd('new-event'), SPACER, seg, SPACER, searchItem(k, 'search', t('search'))], mac(k) ? '' : 'bb');
  const side: Block = { t: 'sidebar', label: t('sidebar'), sections: [{ title: persona0(k), items: cals }] };
  return {
    app: 'calendar',
    title: t('app.calendar'),
    appIcon: 'calendar',
    appColor: '#0078d4',
    unified: mac(k) ? [tb] : undefined,
    menus: [t('app.calendar'), t('file'), t('edit'), t('view'), t('window'), t('help')],
    body: [...(mac(k) ? [] : [tb]), box('row', [side, box('col', [grid], 'grow')], 'grow')],
  };
};
const persona0 = (k: AppContext): string => k.persona.email;

// ------------------------------------------------------------------------------------------ document

const document: WindowApp = (k) => {
  const { rng, t } = k;
  const tp = topic(k);
  const paras: Array<string | Record<string, unknown>> = [];
  const sents = k.t.list('sentences');
  for (let i = 0; i < 3; i++) {
    if (i) paras.push({ h: topic(k) });
    paras.push(rng.sample(sents, 3).map((s) => s.replace('{topic}', tp).replace('{place}', place(k)).replace('{n}', String(rng.int(2, 40)))).join(k.profile.cjk ? '' : ' '));
  }
  paras.splice(2, 0, { list: rng.sample(sents, 3).map((s) => s.replace('{topic}', topic(k)).replace('{place}', place(k)).replace('{n}', String(rng.int(2, 40)))) });
  const docBlock: Block = { t: 'doc', label: tp, title: tp, sub: `${k.persona.name} · ${k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28))}`, paras };
  const fonts = ['Inter', 'Noto Serif', 'Open Sans', 'Roboto'];
  const fmt = [k.cmd('bold', { pressed: false }), k.cmd('italic', { pressed: false }), k.cmd('underline', { pressed: false }), k.cmd('strike', { pressed: false })];
  const align = [k.cmd('align-left', { pressed: true }), k.cmd('align-center', { pressed: false }), k.cmd('align-right', { pressed: false }), k.cmd('justify', { pressed: false })];
  const title = `${tp}.${mac(k) ? 'pages' : 'docx'}`;
  if (mac(k)) {
    const tb = toolbar(t('toolbar'), [
      k.btn('zoom', { label: '125%', variant: 'ghost', caret: true, act: 'zoom' }), SEP, k.cmd('table', { iconText: true }), k.cmd('chart', { iconText: true }), k.cmd('image', { iconText: true }), k.cmd('add-comment', { iconText: true }), SPACER, k.cmd('share'),
    ]);
    const inspector: Block = {
      t: 'props', label: t('format'), groups: [
        { title: t('ds.style'), rows: [{ kind: 'select', id: k.id('para-style'), label: t('ds.paragraph'), options: [t('ds.body'), t('ds.heading1'), t('ds.heading2'), t('ds.title')].map((l, i) => ({ label: l, sel: i === 0 })) }] },
        { title: t('ds.font'), rows: [{ kind: 'select', id: k.id('font'), label: t('ds.font'), options: fonts.map((l, i) => ({ label: l, sel: i === 0 })) }, { kind: 'text', id: k.id('font-size'), label: t('size'), value: String(rng.pick([11, 12, 14])), unit: 'pt' }] },
        { title: t('ds.spacing'), rows: [{ kind: 'slider', id: k.id('spacing'), label: t('ds.lineSpacing'), value: rng.int(10, 60) }, { kind: 'check', id: k.id('hyphen'), label: t('ds.hyphenation'), checked: rng.bool(0.5) }] },
      ],
    };
    const fmtBar = toolbar(t('format'), [...fmt, SEP, ...align, SEP, k.cmd('bullets'), k.cmd('numbering')], 'bb');
    return {
      app: 'document', title, unified: [tb],
      menus: [t('app.pages'), t('file'), t('edit'), t('insert'), t('format'), t('ds.arrange'), t('view'), t('window'), t('help')],
      body: [box('row', [box('col', [fmtBar, docBlock], 'grow'), inspector], 'grow')],
    };
  }
  const rb = ribbon(k, [t('file'), t('home'), t('insert'), t('ds.design'), t('ds.layout'), t('ds.references'), t('ds.review'), t('view')], 1, [
    [k.cmd('paste', { iconText: true }), k.cmd('cut'), k.cmd('copy')],
    [selectItem(k, 'font', t('ds.font'), fonts), selectItem(k, 'font-size', t('size'), ['10', '11', '12', '14', '16']), ...fmt, k.cmd('text-color'), k.cmd('highlight')],
    [k.cmd('bullets'), k.cmd('numbering'), k.cmd('outdent'), k.cmd('indent')],
    [...align],
    [k.cmd('add-comment', { iconText: true }), k.cmd('share', { iconText: true })],
  ]);
  return {
    app: 'document', title, appIcon: 'file-text', appColor: '#185abd',
    body: [...rb, docBlock, { t: 'statusline', items: [{ label: `${t('page')} 1 / ${rng.int(2, 9)}` }, { label: `${rng.int(300, 4000)} ${t('ds.words')}` }, { label: t('language') }]}],
  };
};

// ------------------------------------------------------------------------------------------ spreadsheet

const spreadsheet: WindowApp = (k) => {
  const { rng, t } = k;
  const nCols = Math.min(12, Math.max(7, Math.floor(k.device.width / 150)));
  const letters = 'ABCDEFGHIJKLMNOP'.split('').slice(0, nCols);
  const nRows = Math.min(30, Math.max(14, Math.floor(k.device.height / 30)));
  const selC = rng.int(1, 4);
  const selR = rng.int(2, 8);
  const headers = [t('name'), t('ds.q1'), t('ds.q2'), t('ds.q3'), t('ds.q4'), t('total'), t('status')];
  const rowsNames = people(k, nRows);
  const rows = Array.from({ length: nRows }, (_, r) => ({
    n: r + 1,
    id: k.id(`rh-${r + 1}`),
    sel: r + 1 === selR,
    cells: letters.map((L, c) => {
      let v = '';
      if (r === 0) v = headers[c] ?? '';
      else if (r < rowsNames.length - 3) v = c === 0 ? rowsNames[r]! : c <= 4 ? k.num(rng.int(100, 9999)) : c === 5 ? k.num(rng.int(2000, 30000)) : c === 6 ? rng.pick([t('ds.done'), t('ds.open'), '']) : '';
      return { id: k.id(`cell-${L}${r + 1}`), v, num: c >= 1 && c <= 5 && r > 0, sel: c === selC && r + 1 === selR, bold: r === 0 };
    }),
  }));
  const cols = letters.map((L, i) => ({ id: k.id(`ch-${L}`), label: L, sel: i === selC }));
  const sheetTabs = [t('ds.sheet1'), t('ds.summary'), t('ds.data')].map((label, i) => {
    const id = k.id(`stab-${i}`);
    k.hint(id, 'switch-tab', { name: label });
    return { id, label, selected: i === 0 };
  });
  const nameId = k.id('namebox');
  k.hint(nameId, 'namebox');
  const sheet: Block = { t: 'sheet', label: t('ds.sheet1'), nameId, nameLabel: t('ds.nameBox'), selected: `${letters[selC]}${selR}`, formula: rows[selR - 1]!.cells[selC]!.v, cols, rows, tabs: sheetTabs, tabsLabel: t('ds.sheets'), add: k.btn('add-sheet', { icon: 'plus', title: t('add'), act: 'add-sheet' }) };
  const title = `${topic(k)}.${mac(k) ? 'numbers' : 'xlsx'}`;
  if (mac(k)) {
    const tb = toolbar(t('toolbar'), [k.btn('zoom', { label: '100%', variant: 'ghost', caret: true, act: 'zoom' }), SEP, k.cmd('insert-row', { iconText: true }), k.cmd('table', { iconText: true }), k.cmd('chart', { iconText: true }), k.cmd('add-comment', { iconText: true }), SPACER, k.cmd('share'), k.cmd('sum')]);
    return { app: 'spreadsheet', title, unified: [tb], menus: [t('app.numbers'), t('file'), t('edit'), t('insert'), t('ds.table'), t('format'), t('view'), t('window'), t('help')], body: [toolbar(t('format'), [k.cmd('bold'), k.cmd('italic'), k.cmd('underline'), SEP, k.cmd('fill'), k.cmd('borders'), k.cmd('wrap'), SEP, k.cmd('currency'), k.cmd('percent'), SEP, k.cmd('sort-asc'), k.cmd('sort-desc'), k.cmd('filter')], 'bb'), sheet] };
  }
  const rb = ribbon(k, [t('file'), t('home'), t('insert'), t('ds.pageLayout'), t('ds.formulas'), t('ds.data'), t('ds.review'), t('view')], 1, [
    [k.cmd('paste', { iconText: true }), k.cmd('cut'), k.cmd('copy')],
    [selectItem(k, 'font', t('ds.font'), ['Aptos', 'Calibri', 'Arial']), selectItem(k, 'font-size', t('size'), ['10', '11', '12']), k.cmd('bold'), k.cmd('italic'), k.cmd('underline'), k.cmd('borders'), k.cmd('fill')],
    [k.cmd('align-left'), k.cmd('align-center'), k.cmd('align-right'), k.cmd('wrap'), k.cmd('merge')],
    [k.cmd('currency'), k.cmd('percent')],
    [k.cmd('insert-row'), k.cmd('delete-row'), k.cmd('freeze')],
    [k.cmd('sum'), k.cmd('sort-asc'), k.cmd('filter'), k.cmd('function')],
  ]);
  return { app: 'spreadsheet', title, appIcon: 'sheet', appColor: '#107c41', body: [...rb, sheet, { t: 'statusline', items: [{ label: t('ds.ready') }, { label: `${t('ds.average')}: ${k.num(rng.int(100, 900), 2)}` }, { label: `${t('ds.count')}: ${rng.int(2, 20)}` }] }] };
};

// ------------------------------------------------------------------------------------------ IDE

const CODE_FILES = ['main.ts', 'server.ts', 'utils.ts', 'config.json', 'README.md', 'index.html', 'styles.css', 'api.py', 'models.py', 'test_api.py'];
/** Files the editor shows as source code (the active tab is one of them). */
const SOURCE = /\.(ts|py)$/;

const ide: WindowApp = (k) => {
  const { rng, t } = k;
  const open = rng.sample(CODE_FILES, rng.int(2, 4));
  // the active tab is a source file (a developer edits code; config and docs files are open beside it)
  if (!open.some((f) => SOURCE.test(f))) open[0] = rng.pick(CODE_FILES.filter((f) => SOURCE.test(f)));
  const srcTabs = open.map((f, i) => (SOURCE.test(f) ? i : -1)).filter((i) => i >= 0);
  const act = rng.pick(srcTabs);
  const nLines = Math.min(60, Math.floor(k.device.height / 22));
  const curLine = rng.int(4, nLines - 2);
  const lines = codeLines(rng, open[act]!.endsWith('.py') ? 'py' : 'ts', nLines, curLine);
  const cursor = lines.find((l) => l.cur) ?? lines[lines.length - 1]!;
  const activity = toolbar(t('ds.activityBar'), [k.cmd('explorer', { pressed: true }), k.cmd('search'), k.cmd('scm'), k.cmd('debug'), k.cmd('extensions'), SPACER, k.cmd('account'), k.cmd('settings')], 'k-activity');
  const tree = [
    { label: 'src', icon: 'folder-open', chevron: 'chevron-down' },
    ...CODE_FILES.slice(0, 7).map((f) => ({ label: f, icon: f.endsWith('.json') ? 'braces' : f.endsWith('.md') ? 'file-text' : 'file-code', depth: 1 })),
    { label: 'tests', icon: 'folder', chevron: 'chevron-right' },
    { label: 'package.json', icon: 'braces' },
    { label: '.gitignore', icon: 'file' },
  ];
  const treeItems = tree.map((it, i) => {
    const id = k.id(`tree-${i}`);
    k.hint(id, 'open-file', { name: it.label });
    return { id, ...it, selected: it.label === open[act] };
  });
  const explorer: Block = { t: 'sidebar', label: k.cmdLabel('explorer'), head: k.cmdLabel('explorer').toUpperCase(), sections: [{ title: 'WEB-APP', items: treeItems }], cls: 'k-ideside' };
  const tabs: Block = {
    t: 'tabs', label: t('ds.editorTabs'), cls: 'k-edtabs',
    items: open.map((f, i) => {
      const id = k.id(`etab-${i}`);
      k.hint(id, 'switch-tab', { name: f });
      const close = k.id(`etab-${i}-x`);
      k.hint(close, 'close-tab', { name: f });
      return { id, label: f, selected: i === act, icon: 'file-code', close, closeLabel: t('close') };
    }),
  };
  const edbar = toolbar(t('toolbar'), [k.cmd('run'), k.cmd('split'), k.cmd('more')], 'k-edactions');
  const code: Block = { t: 'code', label: open[act]!, lines, minimap: k.device.width > 1400 };
  const panelTabs: Block = {
    t: 'tabs', label: t('ds.panel'), cls: 'k-paneltabs',
    items: [t('ds.problems'), t('ds.output'), t('ds.debugConsole'), k.cmdLabel('terminal')].map((label, i) => {
      const id = k.id(`ptab-${i}`);
      k.hint(id, 'switch-tab', { name: label });
      return { id, label, selected: i === 3 };
    }),
  };
  const term: Block = { t: 'code', label: k.cmdLabel('terminal'), cls: 'k-term', lines: [{ n: '', toks: [{ c: 'f', t: `${k.persona.email.split('@')[0]}@dev` }, { c: 'p', t: ' web-app % npm test' }] }, { n: '', toks: [{ c: 'n', t: ` PASS ${rng.int(10, 90)} tests` }, { c: 'p', t: ` (${rng.int(1, 9)}.${rng.int(0, 9)}s)` }] }, { n: '', toks: [{ c: 'p', t: 'web-app % ' }] }] };
  const status: Block = { t: 'statusline', cls: 'k-idestatus', items: [k.btn('branch', { label: rng.pick(['main', 'develop', 'feature/login']), icon: 'git-branch', variant: 'ghost', act: 'cmd:scm' }), { label: `Ln ${cursor.n}, Col ${rng.int(1, 1 + cursor.toks.reduce((w, x) => w + x.t.length, 0))}` }, { label: 'UTF-8' }, { label: open[act]!.endsWith('.py') ? 'Python' : 'TypeScript' }, k.btn('bell', { icon: 'bell', title: t('notifications'), variant: 'ghost', act: 'cmd:notifications' })] };
  return {
    app: 'ide', title: `${open[act]} — web-app`, appIcon: 'code-xml', appColor: '#0078d4',
    menus: ['Code', t('file'), t('edit'), t('ds.selection'), t('view'), t('ds.go'), t('ds.run'), k.cmdLabel('terminal'), t('window'), t('help')],
    body: [box('row', [activity, explorer, box('col', [box('row', [tabs, edbar], 'k-tabrow'), code, panelTabs, term], 'grow')], 'grow'), status],
  };
};

// ------------------------------------------------------------------------------------------ imaging (photo editor)

const imaging: WindowApp = (k) => {
  const { rng, t } = k;
  const tools = ['tool-move', 'tool-select', 'tool-lasso', 'tool-crop', 'tool-eyedropper', 'tool-heal', 'tool-brush', 'tool-stamp', 'tool-eraser', 'tool-fill', 'tool-gradient', 'tool-pen', 'tool-text', 'tool-shape', 'tool-hand', 'tool-zoom'];
  const selTool = rng.pick(tools);
  const toolbox = toolbar(t('ds.tools'), tools.map((c) => k.cmd(c, { pressed: c === selTool, isz: 15 })), 'k-toolbox');
  const options = toolbar(t('ds.options'), [
    { kind: 'text', label: k.cmdLabel(selTool) }, SEP,
    selectItem(k, 'brush-size', t('size'), ['12 px', '24 px', '48 px']), selectItem(k, 'blend', t('ds.mode'), [t('ds.normal'), t('ds.multiply'), t('ds.screen')]),
    { kind: 'text', label: `${t('ds.opacity')}: ${rng.int(40, 100)}%` }, SEP, k.cmd('undo'), k.cmd('redo'), SPACER, k.cmd('share'),
  ], 'bb k-dense');
  const w = Math.round(Math.min(k.device.width * 0.45, 900));
  const h = Math.round(w * 0.66);
  const c1 = `hsl(${rng.int(0, 359)} 60% 55%)`;
  const svg = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c1}"></stop><stop offset="1" stop-color="#f4d9b0"></stop></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${w * 0.72}" cy="${h * 0.3}" r="${h * 0.1}" fill="#fff6d5"/><path d="M0 ${h * 0.75} L${w * 0.25} ${h * 0.45} L${w * 0.45} ${h * 0.7} L${w * 0.65} ${h * 0.5} L${w} ${h * 0.78} L${w} ${h} L0 ${h}Z" fill="#3b5249"/><path d="M0 ${h * 0.88} Q${w * 0.5} ${h * 0.78} ${w} ${h * 0.9} L${w} ${h} L0 ${h}Z" fill="#24332d"/>`;
  const canvas: Block = { t: 'canvas', label: t('ds.canvas'), w, h, bg: '#fff', svg, rulers: true, zoom: `${rng.pick([50, 66.7, 100])}%`, handles: [] };
  const layers = [t('ds.bgLayer'), `${t('ds.layer')} 1`, `${t('ds.layer')} 2`, t('ds.curves'), `${t('ds.layer')} 3`].slice(0, rng.int(3, 5));
  const selL = rng.int(0, layers.length - 1);
  const props: Block = {
    t: 'props', label: t('ds.properties'), groups: [
      { title: t('ds.adjust'), rows: ['ds.exposure', 'ds.contrast', 'ds.saturation', 'ds.temperature'].map((key) => {
        const id = k.id(`adj-${key.slice(3)}`);
        k.hint(id, 'adjust', { name: t(key) });
        return { kind: 'slider', id, label: t(key), value: rng.int(0, 100) };
      }) },
      { title: t('ds.layers'), rows: layers.map((l, i) => {
        const id = k.id(`layer-${i}`);
        k.hint(id, 'select-layer', { name: l });
        k.hint(`${id}-eye`, 'toggle-visibility', { name: l });
        return { kind: 'layer', id, label: l, selected: i === selL, thumb: i === 0 ? c1 : '#ddd', eyeLabel: `${t('ds.visibility')}: ${l}`, hidden: i === 3 };
      }).reverse() },
    ],
  };
  const layerBtns = toolbar(t('ds.layers'), [k.cmd('layer-fx'), k.cmd('layer-mask'), k.cmd('layer-group'), k.cmd('layer-add'), k.cmd('layer-delete')], 'bt k-dense');
  const docTab: Block = { t: 'tabs', label: t('ds.documents'), items: [{ id: k.id('doc-0'), label: `IMG_${rng.int(1000, 9999)}.jpg @ ${rng.pick([50, 100])}% (RGB/8)`, selected: true, close: k.id('doc-0-x'), closeLabel: t('close') }], cls: 'k-doctabs' };
  return {
    app: 'imaging', title: t('app.photo'), appIcon: 'image', appColor: '#31a8ff',
    menus: [t('app.photo'), t('file'), t('edit'), t('ds.image'), t('ds.layer'), t('ds.select'), t('filter'), t('view'), t('window'), t('help')],
    body: [options, box('row', [toolbox, box('col', [docTab, canvas], 'grow'), box('col', [props, layerBtns], 'k-rightpanel')], 'grow')],
  };
};

// ------------------------------------------------------------------------------------------ CAD

const cad: WindowApp = (k) => {
  const { rng, t } = k;
  const rb = ribbon(k, [t('home'), t('insert'), t('ds.annotate'), t('ds.parametric'), t('view'), t('ds.manage'), t('ds.output')], 0, [
    [k.cmd('cad-line', { iconText: true, isz: 18 }), k.cmd('cad-polyline'), k.cmd('cad-circle'), k.cmd('cad-arc'), k.cmd('cad-rect'), k.cmd('cad-hatch')],
    [k.cmd('tool-move'), k.cmd('cad-rotate'), k.cmd('cad-trim'), k.cmd('cad-mirror'), k.cmd('cad-scale'), k.cmd('cad-offset'), k.cmd('copy'), k.cmd('delete')],
    [k.cmd('cad-dim', { iconText: true }), k.cmd('tool-text'), k.cmd('table')],
    [k.cmd('cad-layers'), selectItem(k, 'layer', t('ds.layer'), ['0', 'Walls', 'Doors', 'Dimensions', 'Furniture'], rng.int(0, 4))],
    [k.cmd('cad-measure'), k.cmd('cad-extrude')],
  ]);
  const W = 1000;
  const H = 640;
  const walls = `<rect x="120" y="90" width="620" height="420" fill="none" stroke="#e8e8e8" stroke-width="3"/><line x1="420" y1="90" x2="420" y2="330" stroke="#e8e8e8" stroke-width="3"/><line x1="120" y1="330" x2="560" y2="330" stroke="#e8e8e8" stroke-width="3"/><path d="M420 330 A 70 70 0 0 1 490 260" fill="none" stroke="#ffd75e" stroke-width="1.5"/><circle cx="${rng.int(200, 350)}" cy="${rng.int(160, 260)}" r="${rng.int(20, 50)}" fill="none" stroke="#5ee0ff" stroke-width="1.5"/><rect x="580" y="380" width="120" height="80" fill="none" stroke="#ff6b6b" stroke-width="1.5"/><line x1="120" y1="560" x2="740" y2="560" stroke="#9be37b" stroke-width="1"/><text x="400" y="580" fill="#9be37b" font-size="14" style="font-family:var(--mono-stack)">${rng.int(5, 20)}${k.num(rng.int(0, 999) / 1000, 3).slice(1)} m</text>`;
  const grid = Array.from({ length: 25 }, (_, i) => `<line x1="${i * 40}" y1="0" x2="${i * 40}" y2="${H}" stroke="#2c3440" stroke-width="1"/>`).join('') + Array.from({ length: 17 }, (_, i) => `<line x1="0" y1="${i * 40}" x2="${W}" y2="${i * 40}" stroke="#2c3440" stroke-width="1"/>`).join('');
  const canvas: Block = { t: 'canvas', label: t('ds.drawing'), w: W, h: H, bg: '#1f2630', svg: grid + walls, cls: 'k-cad', zoom: 'X: 1204.55  Y: 388.10  Z: 0.00' };
  const viewTabs: Block = { t: 'tabs', label: t('ds.layouts'), cls: 'k-doctabs', items: [t('ds.model'), `${t('ds.layout')}1`, `${t('ds.layout')}2`].map((l, i) => { const id = k.id(`ltab-${i}`); k.hint(id, 'switch-tab', { name: l }); return { id, label: l, selected: i === 0 }; }) };
  const cmdline = toolbar(t('ds.commandLine'), [{ kind: 'text', label: '>_' }, searchItem(k, 'cmdline', t('ds.typeCommand'), 'command-line')], 'bt k-cmdline');
  const status = toolbar(t('status'), [k.cmd('cad-grid', { pressed: rng.bool(0.6) }), k.cmd('cad-snap', { pressed: rng.bool(0.7) }), k.cmd('cad-ortho', { pressed: rng.bool(0.4) }), k.cmd('cad-measure'), SPACER, { kind: 'text', label: `1:${rng.pick([50, 100, 200])}` }, k.cmd('settings')], 'bt k-dense');
  return {
    app: 'cad', title: `${t('app.cad')} — ${topic(k)}.dwg`, appIcon: 'drafting-compass', appColor: '#e0312b',
    menus: [t('app.cad'), t('file'), t('edit'), t('view'), t('insert'), t('format'), t('tools'), t('window'), t('help')],
    body: [...rb, viewTabs, canvas, cmdline, status],
  };
};

// ------------------------------------------------------------------------------------------ music / media player

const player: WindowApp = (k) => {
  const { rng, t } = k;
  const songs = fromList(k, 'songs', rng.int(8, 12));
  const artists = people(k, 4);
  const album = `${topic(k)}`;
  const playing = rng.int(0, songs.length - 1);
  const rows = songs.map((s, i) => {
    const link = k.id(`song-${i}`);
    k.hint(link, 'play-song', { name: s });
    return { id: k.id(`srow-${i}`), selected: i === playing, cells: [{ text: String(i + 1), align: 'end' }, { text: s, link }, { text: rng.pick(artists) }, { text: `${rng.int(2, 5)}:${String(rng.int(0, 59)).padStart(2, '0')}`, align: 'end' }], act: k.btn(`sfav-${i}`, { icon: 'heart', title: `${k.cmdLabel('favorite')}: ${s}`, act: 'cmd:favorite' }) };
  });
  const table: Block = { t: 'table', label: album, title: album, sub: `${artists[0]} · ${rng.int(2015, 2025)} · ${songs.length} ${t('ds.songs')}`, headBtns: [k.cmd('play', { iconText: true, variant: 'primary' }), k.cmd('shuffle', { iconText: true, variant: 'default' }), k.cmd('more')], cols: [{ label: '#', w: '6%', align: 'end' }, { label: t('ds.title'), w: '44%' }, { label: t('ds.artist'), w: '30%' }, { label: t('ds.time'), w: '10%', align: 'end' }], rows, actions: true };
  const lib = sideItems(k, 'lib', [['ds.listenNow', 'circle-play'], ['ds.browse', 'layout-grid'], ['ds.radio', 'radio']].map(([l, icon]) => ({ label: t(l!), icon })), -1, 'open-section');
  const lib2 = sideItems(k, 'lib2', [['ds.recentlyAdded', 'clock'], ['ds.artists', 'mic-vocal'], ['ds.albums', 'disc-3'], ['ds.songsNav', 'music']].map(([l, icon]) => ({ label: t(l!), icon })), 2, 'open-section');
  const pls = sideItems(k, 'pl', (k.persona.interests ?? []).map((i) => ({ label: i, icon: 'list-music' })), -1, 'open-playlist');
  const side: Block = { t: 'sidebar', label: t('sidebar'), sections: [{ items: lib }, { title: t('ds.library'), items: lib2 }, { title: t('ds.playlists'), items: pls }] };
  const seekId = k.id('seek');
  k.hint(seekId, 'seek');
  const volId = k.id('volume');
  k.hint(volId, 'set-volume');
  const titleId = k.id('np-title');
  const bar: Block = {
    t: 'player', label: t('ds.nowPlaying'), art: gradient(k), title: songs[playing], titleId, artist: `${rng.pick(artists)} — ${album}`,
    controls: [k.cmd('shuffle', { pressed: rng.bool(0.4) }), k.cmd('prev-track'), k.cmd('pause', { variant: 'primary' }), k.cmd('next-track'), k.cmd('repeat', { pressed: rng.bool(0.3) })],
    pos: `${rng.int(0, 2)}:${String(rng.int(0, 59)).padStart(2, '0')}`, len: `${rng.int(3, 5)}:${String(rng.int(0, 59)).padStart(2, '0')}`, dur: 300, posv: rng.int(10, 280), seekId, seekLabel: t('seek'),
    extra: [k.cmd('lyrics'), k.cmd('queue'), k.cmd('cast')], volId, vol: rng.int(20, 90), volLabel: t('volume'),
  };
  const search = toolbar(t('search'), [searchItem(k, 'search', t('search'))], 'k-setsearch');
  return {
    app: 'player', title: t(mac(k) ? 'app.music' : 'app.media'), appIcon: 'music', appColor: '#fa2d48',
    menus: [t('app.music'), t('file'), t('edit'), t('ds.song'), t('view'), t('ds.controls'), t('window'), t('help')],
    body: [box('row', [box('col', [search, side], 'k-setcol'), box('col', [table], 'grow')], 'grow'), bar],
  };
};

// ------------------------------------------------------------------------------------------ system dialogs

const dialog: WindowApp = (k) => {
  const { rng, t } = k;
  const kind = rng.pick(['print', 'save', 'open'] as const);
  const name = `${topic(k)}`;
  const base = document(k);
  const field = (base0: string, label: string, type: string, value: string) => {
    const id = k.id(base0);
    k.hint(id, 'fill', { name: label });
    return { kind: 'input', type, id, label, value };
  };
  const sel = (base0: string, label: string, options: string[]) => {
    const id = k.id(base0);
    k.hint(id, 'choose', { name: label });
    return { kind: 'select', id, label, options: options.map((l, i) => ({ label: l, sel: i === 0 })) };
  };
  const check = (base0: string, label: string, checked: boolean) => {
    const id = k.id(base0);
    k.hint(id, 'check', { name: label, state: checked ? 'on' : 'off' });
    return { kind: 'checkbox', id, label, checked };
  };
  let fields: Array<Record<string, unknown>>;
  let title: string;
  let ok: string;
  if (kind === 'print') {
    title = t('print');
    ok = t('print');
    fields = [
      sel('printer', t('ds.printer'), [`${rng.pick(['HP LaserJet', 'Brother HL', 'Canon PIXMA', 'Epson EcoTank'])} ${rng.int(100, 9000)}`, 'PDF', t('ds.addPrinter')]),
      sel('presets', t('ds.presets'), [t('ds.defaultSettings'), t('ds.lastUsed')]),
      field('copies', t('ds.copies'), 'number', String(rng.int(1, 3))),
      { kind: 'radio', id: k.id('pages'), label: t('ds.pages'), options: [{ id: k.id('pages-all'), label: t('all'), sel: true }, { id: k.id('pages-range'), label: t('ds.range'), sel: false }] },
      check('two-sided', t('ds.twoSided'), rng.bool(0.5)),
      sel('paper', t('ds.paperSize'), ['A4', 'US Letter', 'A5']),
      check('bw', t('ds.blackWhite'), rng.bool(0.3)),
    ];
  } else if (kind === 'save') {
    title = t('ds.saveAs');
    ok = t('save');
    fields = [field('save-name', t('ds.saveAs'), 'text', `${name}.docx`), field('save-tags', t('ds.tags'), 'text', ''), sel('save-where', t('ds.where'), [t('documents'), t('desktop'), t('downloads'), 'iCloud Drive']), sel('save-format', t('ds.fileFormat'), ['Word (.docx)', 'PDF', 'Rich Text (.rtf)', t('ds.plainText')]), check('save-ext', t('ds.hideExt'), rng.bool(0.5))];
  } else {
    title = t('open');
    ok = t('open');
    fields = [sel('open-where', t('ds.lookIn'), [t('documents'), t('desktop'), t('downloads')]), field('open-name', t('ds.fileName'), 'text', ''), sel('open-type', t('ds.fileType'), [t('ds.allDocuments'), 'PDF', 'Word'])];
  }
  const list: Block | null = kind === 'print' ? null : {
    t: 'list', label: t('ds.files'), cls: 'k-dlglist', options: true,
    items: fileNames(k, 6).map((f, i) => { const id = k.id(`dfile-${i}`); k.hint(id, 'open-file', { name: f.name }); return { id, title: f.name, meta: fileSize(k), lead: { icon: f.icon, size: 18 }, selected: i === 0 }; }),
  };
  const actions = [k.btn('dlg-cancel', { label: t('cancel'), act: 'dlg-cancel' }), k.btn('dlg-ok', { label: ok, variant: 'primary', act: kind === 'print' ? 'cmd:print' : kind === 'save' ? 'cmd:save' : 'cmd:open' })];
  if (kind === 'print' && mac(k)) actions.unshift(k.btn('dlg-pdf', { label: 'PDF', caret: true, act: 'save-pdf' }));
  base.dialog = { t: 'dialog', id: k.id('sysdlg'), sheet: mac(k), cls: `k-sysdlg k-${kind}`, title, body: [...(list ? [list] : []), { t: 'form', label: title, fields }], actions: k.skin === 'windows' ? [...actions].reverse() : actions };
  return { ...base, app: 'dialog', prefer: { w: 0.7, h: 0.85 } };
};

// ------------------------------------------------------------------------------------------ mail (Windows Outlook)

const mail: WindowApp = (k) => {
  const { rng, t } = k;
  const folders = [['ds.inbox', 'inbox'], ['ds.drafts', 'file-pen'], ['ds.sent', 'send'], ['ds.archive', 'archive'], ['ds.junk', 'archive-x'], ['ds.deleted', 'trash-2']] as const;
  const unread = rng.int(2, 60);
  const fitems = sideItems(k, 'fld', folders.map(([l, icon], i) => ({ label: t(l), icon, count: i === 0 ? String(unread) : i === 1 && rng.bool(0.5) ? String(rng.int(1, 5)) : '' })), 0, 'open-mailbox');
  const extra = sideItems(k, 'ufld', (k.persona.interests ?? []).slice(0, 2).map((f) => ({ label: f, icon: 'folder' })), -1, 'open-mailbox');
  const side: Block = { t: 'sidebar', label: t('ds.folders'), head: k.persona.email, sections: [{ title: t('favorites'), items: fitems }, { title: t('ds.folders'), items: extra }] };
  const senders = people(k, 9);
  const subjects = fromList(k, 'subjects', 9);
  const sentences = k.t.list('sentences');
  const sel = rng.int(0, 2);
  const items = senders.map((s, i) => {
    const id = k.id(`msg-${i}`);
    const subj = subjects[i % subjects.length]!;
    k.hint(id, 'open-message', { from: s, subject: subj });
    return { id, title: s, sub: subj, sub2: fillText(k, rng.pick(sentences)), meta: i < 3 ? k.clock(rng.int(8, 17), rng.int(0, 59)) : k.shortDate(rng.int(1, 12), rng.int(1, 28)), unread: i !== sel && rng.bool(0.35), selected: i === sel, lead: { initials: initials(s), color: rng.pick(COLORS) } };
  });
  const focus: Block = { t: 'tabs', label: t('ds.inbox'), items: [{ id: k.id('tab-focused'), label: t('ds.focused'), selected: true }, { id: k.id('tab-other'), label: t('ds.other'), selected: false }] };
  const list: Block = { t: 'list', label: t('messages'), options: true, items, cls: 'k-maillist' };
  const msg = items[sel]!;
  const reader: Block = box('col', [
    { t: 'heading', text: msg.sub, level: 2, sub: `${msg.title} · ${msg.meta}`, btns: [k.cmd('reply', { iconText: true, variant: 'ghost' }), k.cmd('reply-all'), k.cmd('forward-mail'), k.cmd('more')] },
    { t: 'paras', items: [`${k.persona.name.split(/\s+/)[0]},`, ...rng.sample(sentences, 3).map((s) => fillText(k, s)), msg.title] },
  ], 'grow k-reader');
  const rb = toolbar(t('toolbar'), [k.cmd('compose', { iconText: true, variant: 'primary' }), SEP, k.cmd('delete', { iconText: true }), k.cmd('archive', { iconText: true }), k.cmd('junk'), SEP, k.cmd('reply'), k.cmd('reply-all'), k.cmd('forward-mail'), SEP, k.cmd('flag'), k.cmd('mark-unread'), k.cmd('move'), SPACER, searchItem(k, 'search', t('search'))], 'bb');
  return {
    app: 'mail', title: `${t('ds.inbox')} – ${k.persona.email} – ${t('app.outlook')}`, appIcon: 'mail', appColor: '#0364b8',
    menus: [t('app.mail'), t('file'), t('edit'), t('view'), t('ds.mailbox'), t('ds.message'), t('format'), t('window'), t('help')],
    body: [rb, box('row', [side, box('col', [focus, list], 'k-listcol'), reader], 'grow')],
  };
};

function fillText(k: AppContext, s: string): string {
  return s.replace('{topic}', topic(k)).replace('{place}', place(k)).replace('{n}', String(k.rng.int(2, 40))).replace('{name}', person(k));
}

/** Desktop apps by kind. */
export const DESKTOP_APPS: Record<string, WindowApp> = { files, settings, calendar, document, spreadsheet, ide, imaging, cad, player, dialog, mail, browser: browserWindow };
