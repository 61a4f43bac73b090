/**
 * Query grammar for the page languages beyond English and Chinese (ja, de, es, fr, ar), and the
 * state phrases of every language: role nouns with grammatical gender, quotes, ordinals, spatial
 * relations, positional and state templates. queries.ts keeps its original English / Chinese
 * templates and calls these for the other languages.
 */
import type { Lang } from './locales.js';

/** Languages with a grammar here. */
export type GLang = Exclude<Lang, 'en' | 'zh'>;
/** Directions of spatial queries. */
export type GDirection = 'left' | 'right' | 'above' | 'below';

interface Noun {
  /** Noun without article. */
  n: string;
  /** Grammatical gender (de m/f/n; es, fr m/f; ar m/f). */
  g: 'm' | 'f' | 'n';
  /** Definite form where it is not article + noun (Arabic: الزر, مربع الاختيار). */
  d?: string;
}

const N = (n: string, g: 'm' | 'f' | 'n' = 'm', d?: string): Noun => ({ n, g, ...(d ? { d } : {}) });

const NOUNS: Record<GLang, Record<string, Noun>> = {
  ja: {
    button: N('ボタン'), link: N('リンク'), checkbox: N('チェックボックス'), radio: N('ラジオボタン'), switch: N('スイッチ'), textbox: N('テキストフィールド'),
    searchbox: N('検索フィールド'), combobox: N('ドロップダウン'), listbox: N('リスト'), spinbutton: N('数値フィールド'), slider: N('スライダー'), tab: N('タブ'),
    menuitem: N('メニュー'), menuitemcheckbox: N('メニュー項目'), menuitemradio: N('メニュー項目'), option: N('項目'), treeitem: N('項目'), columnheader: N('列見出し'), rowheader: N('行見出し'), heading: N('見出し'), img: N('アイコン'), text: N('テキスト'),
  },
  de: {
    button: N('Schaltfläche', 'f'), link: N('Link'), checkbox: N('Kontrollkästchen', 'n'), radio: N('Optionsfeld', 'n'), switch: N('Schalter'), textbox: N('Textfeld', 'n'),
    searchbox: N('Suchfeld', 'n'), combobox: N('Dropdown-Liste', 'f'), listbox: N('Liste', 'f'), spinbutton: N('Zahlenfeld', 'n'), slider: N('Schieberegler'), tab: N('Tab'),
    menuitem: N('Menü', 'n'), menuitemcheckbox: N('Menüeintrag'), menuitemradio: N('Menüeintrag'), option: N('Eintrag'), treeitem: N('Eintrag'), columnheader: N('Spaltenüberschrift', 'f'), rowheader: N('Zeilenüberschrift', 'f'), heading: N('Überschrift', 'f'), img: N('Symbol', 'n'), text: N('Text'),
  },
  es: {
    button: N('botón'), link: N('enlace'), checkbox: N('casilla', 'f'), radio: N('opción', 'f'), switch: N('interruptor'), textbox: N('campo de texto'),
    searchbox: N('campo de búsqueda'), combobox: N('desplegable'), listbox: N('lista', 'f'), spinbutton: N('campo numérico'), slider: N('control deslizante'), tab: N('pestaña', 'f'),
    menuitem: N('menú'), menuitemcheckbox: N('elemento de menú'), menuitemradio: N('elemento de menú'), option: N('elemento'), treeitem: N('elemento'), columnheader: N('encabezado de columna'), rowheader: N('encabezado de fila'), heading: N('título'), img: N('icono'), text: N('texto'),
  },
  fr: {
    button: N('bouton'), link: N('lien'), checkbox: N('case à cocher', 'f'), radio: N('bouton radio'), switch: N('interrupteur'), textbox: N('champ de texte'),
    searchbox: N('champ de recherche'), combobox: N('liste déroulante', 'f'), listbox: N('liste', 'f'), spinbutton: N('champ numérique'), slider: N('curseur'), tab: N('onglet'),
    menuitem: N('menu'), menuitemcheckbox: N('élément de menu'), menuitemradio: N('élément de menu'), option: N('élément'), treeitem: N('élément'), columnheader: N('en-tête de colonne'), rowheader: N('en-tête de ligne'), heading: N('titre'), img: N('icône', 'f'), text: N('texte'),
  },
  ar: {
    button: N('زر', 'm', 'الزر'), link: N('رابط', 'm', 'الرابط'), checkbox: N('مربع اختيار', 'm', 'مربع الاختيار'), radio: N('زر اختيار', 'm', 'زر الاختيار'), switch: N('مفتاح', 'm', 'المفتاح'), textbox: N('حقل نص', 'm', 'حقل النص'),
    searchbox: N('حقل بحث', 'm', 'حقل البحث'), combobox: N('قائمة منسدلة', 'f', 'القائمة المنسدلة'), listbox: N('قائمة', 'f', 'القائمة'), spinbutton: N('حقل رقمي', 'm', 'الحقل الرقمي'), slider: N('شريط تمرير', 'm', 'شريط التمرير'), tab: N('علامة تبويب', 'f', 'علامة التبويب'),
    menuitem: N('قائمة', 'f', 'القائمة'), menuitemcheckbox: N('عنصر قائمة', 'm', 'عنصر القائمة'), menuitemradio: N('عنصر قائمة', 'm', 'عنصر القائمة'), option: N('عنصر', 'm', 'العنصر'), treeitem: N('عنصر', 'm', 'العنصر'), columnheader: N('عنوان عمود', 'm', 'عنوان العمود'), rowheader: N('عنوان صف', 'm', 'عنوان الصف'), heading: N('عنوان', 'm', 'العنوان'), img: N('أيقونة', 'f', 'الأيقونة'), text: N('نص', 'm', 'النص'),
  },
};
const OTHER: Record<GLang, Noun> = { ja: N('要素'), de: N('Element', 'n'), es: N('elemento'), fr: N('élément'), ar: N('عنصر', 'm', 'العنصر') };
/** Arabic definite noun phrase. */
const arDef = (nn: Noun): string => nn.d ?? `ال${nn.n}`;

const noun = (l: GLang, rc: string): Noun => NOUNS[l][rc] ?? OTHER[l];

/** The language's quotation marks around a label. */
export function gq(l: Lang, s: string): string {
  switch (l) {
    case 'ja':
      return `「${s}」`;
    case 'de':
      return `„${s}“`;
    case 'es':
      return `«${s}»`;
    case 'fr':
      return `« ${s} »`;
    case 'zh':
      return `“${s}”`;
    default:
      return `"${s}"`;
  }
}

const VOWEL = /^[aeiouyéèêàâîôûh]/i;
/** Definite noun phrase: "die Schaltfläche", "el botón", "l’onglet", "الزر". */
function def(l: GLang, nn: Noun): string {
  switch (l) {
    case 'de':
      return `${nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'der'} ${nn.n}`;
    case 'es':
      return `${nn.g === 'f' ? 'la' : 'el'} ${nn.n}`;
    case 'fr':
      return VOWEL.test(nn.n) ? `l’${nn.n}` : `${nn.g === 'f' ? 'la' : 'le'} ${nn.n}`;
    case 'ar':
      return arDef(nn);
    default:
      return nn.n;
  }
}

/** Visible-label templates (the label with its role; `roleless` adds "click X"). */
export function gTextTemplates(l: GLang, rc: string, label: string, roleless: boolean): Array<{ text: string; roleless?: boolean }> {
  const nn = noun(l, rc);
  const Q = gq(l, label);
  const out: Array<{ text: string; roleless?: boolean }> = [];
  switch (l) {
    case 'ja':
      out.push({ text: `${Q}${nn.n}` }, { text: `${Q}${nn.n}をクリック` });
      if (roleless) out.push({ text: `${Q}をクリック`, roleless: true });
      break;
    case 'de':
      out.push({ text: `${def(l, nn)} ${Q}` }, { text: `Klicke auf ${nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'den'} ${nn.n} ${Q}` });
      if (roleless) out.push({ text: `Klicke auf ${Q}`, roleless: true });
      break;
    case 'es':
      out.push({ text: `${def(l, nn)} ${Q}` }, { text: `haz clic en ${nn.g === 'f' ? 'la' : 'el'} ${nn.n} ${Q}` });
      if (roleless) out.push({ text: `haz clic en ${Q}`, roleless: true });
      break;
    case 'fr':
      out.push({ text: `${def(l, nn)} ${Q}` }, { text: `cliquez sur ${def(l, nn)} ${Q}` });
      if (roleless) out.push({ text: `cliquez sur ${Q}`, roleless: true });
      break;
    case 'ar':
      out.push({ text: `${nn.n} ${Q}` }, { text: `انقر على ${nn.n} ${Q}` });
      if (roleless) out.push({ text: `انقر على ${Q}`, roleless: true });
      break;
  }
  // headings, images and plain text: only the first (descriptive) form
  return rc === 'heading' || rc === 'img' || rc === 'text' ? out.slice(0, 1) : out;
}

const ORD_DE = ['erste', 'zweite', 'dritte', 'vierte', 'fünfte', 'sechste', 'siebte', 'achte', 'neunte', 'zehnte'];
const ORD_ES_M = ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];
const ORD_ES_F = ['primera', 'segunda', 'tercera', 'cuarta', 'quinta', 'sexta', 'séptima', 'octava', 'novena', 'décima'];
const ORD_FR = ['premier', 'deuxième', 'troisième', 'quatrième', 'cinquième', 'sixième', 'septième', 'huitième', 'neuvième', 'dixième'];

/** "the 3rd button" (n = -1: the last one), article included. */
function ordPhrase(l: GLang, n: number, nn: Noun): string {
  switch (l) {
    case 'ja':
      return n === -1 ? `最後の${nn.n}` : `${n}番目の${nn.n}`;
    case 'de': {
      const art = nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'der';
      return n === -1 ? `${art} letzte ${nn.n}` : `${art} ${n <= 10 ? ORD_DE[n - 1] : `${n}.`} ${nn.n}`;
    }
    case 'es': {
      const f = nn.g === 'f';
      if (n === -1) return `${f ? 'la última' : 'el último'} ${nn.n}`;
      return `${f ? 'la' : 'el'} ${n <= 10 ? (f ? ORD_ES_F : ORD_ES_M)[n - 1] : `${n}.º`} ${nn.n}`;
    }
    case 'fr': {
      const f = nn.g === 'f';
      if (n === -1) return `${f ? 'la dernière' : 'le dernier'} ${nn.n}`;
      const o = n === 1 ? (f ? 'première' : 'premier') : n <= 10 ? ORD_FR[n - 1] : `${n}e`;
      return `${f ? 'la' : 'le'} ${o} ${nn.n}`;
    }
    case 'ar':
      return n === -1 ? `${arDef(nn)} الأخير${nn.g === 'f' ? 'ة' : ''}` : `${arDef(nn)} رقم ${n}`;
  }
}

/** Landmark kinds (what the probe reports for unnamed landmarks) in each language. */
const LM_KINDS: Record<string, Record<GLang, string>> = {
  header: { ja: 'ヘッダー', de: 'Kopfzeile', es: 'encabezado', fr: 'en-tête', ar: 'الترويسة' },
  nav: { ja: 'ナビゲーション', de: 'Navigation', es: 'navegación', fr: 'navigation', ar: 'التنقل' },
  main: { ja: 'メイン領域', de: 'Hauptbereich', es: 'área principal', fr: 'zone principale', ar: 'المنطقة الرئيسية' },
  aside: { ja: 'サイドバー', de: 'Seitenleiste', es: 'barra lateral', fr: 'barre latérale', ar: 'الشريط الجانبي' },
  footer: { ja: 'フッター', de: 'Fußzeile', es: 'pie de página', fr: 'pied de page', ar: 'التذييل' },
  dialog: { ja: 'ダイアログ', de: 'Dialog', es: 'cuadro de diálogo', fr: 'boîte de dialogue', ar: 'مربع الحوار' },
  form: { ja: 'フォーム', de: 'Formular', es: 'formulario', fr: 'formulaire', ar: 'النموذج' },
  search: { ja: '検索エリア', de: 'Suchbereich', es: 'zona de búsqueda', fr: 'zone de recherche', ar: 'منطقة البحث' },
  region: { ja: 'セクション', de: 'Abschnitt', es: 'sección', fr: 'section', ar: 'القسم' },
  toolbar: { ja: 'ツールバー', de: 'Symbolleiste', es: 'barra de herramientas', fr: 'barre d’outils', ar: 'شريط الأدوات' },
  menubar: { ja: 'メニューバー', de: 'Menüleiste', es: 'barra de menús', fr: 'barre des menus', ar: 'شريط القوائم' },
  tablist: { ja: 'タブバー', de: 'Tableiste', es: 'barra de pestañas', fr: 'barre d’onglets', ar: 'شريط علامات التبويب' },
};

/** "in the toolbar" for a landmark (a kind such as `nav` or an accessible name). */
export function gLandmark(l: GLang, lm: string): string {
  const Q = gq(l, LM_KINDS[lm]?.[l] ?? lm);
  switch (l) {
    case 'ja':
      return `${Q}内の`;
    case 'de':
      return `im Bereich ${Q}`;
    case 'es':
      return `en la sección ${Q}`;
    case 'fr':
      return `dans la zone ${Q}`;
    case 'ar':
      return `في قسم ${Q}`;
  }
}

function withLandmark(l: GLang, phrase: string, lm: string | null): string {
  if (!lm) return phrase;
  return l === 'ja' ? `${gLandmark(l, lm)}${phrase}` : `${phrase} ${gLandmark(l, lm)}`;
}

/** Ordinal in a row / column of a landmark: "die dritte Schaltfläche von oben im Bereich „Symbolleiste“". */
export function gOrdinal(l: GLang, n: number, axis: 'col' | 'row', rc: string, lm: string | null): string {
  const nn = noun(l, rc);
  const from = n === -1 ? '' : { ja: axis === 'col' ? '上から' : '左から', de: axis === 'col' ? ' von oben' : ' von links', es: axis === 'col' ? ' desde arriba' : ' desde la izquierda', fr: axis === 'col' ? ' en partant du haut' : ' en partant de la gauche', ar: axis === 'col' ? ' من الأعلى' : ' من اليسار' }[l];
  const core = l === 'ja' ? `${from}${ordPhrase(l, n, nn)}` : `${ordPhrase(l, n, nn)}${from}`;
  return withLandmark(l, core, lm);
}

/** The one control of its kind in a landmark: "das Suchfeld im Bereich „Symbolleiste“", "「ツールバー」内の検索フィールド". */
export function gOnly(l: GLang, rc: string, lm: string): string {
  return withLandmark(l, def(l, noun(l, rc)), lm);
}

/** A table cell by column header and row label: "die Zelle in der Spalte „Größe“ der Zeile „a.pdf“". */
export function gCell(l: GLang, colLabel: string, rowLabel: string): string {
  const C = gq(l, colLabel);
  const R = gq(l, rowLabel);
  switch (l) {
    case 'ja':
      return `${R}の行の${C}列のセル`;
    case 'de':
      return `die Zelle in der Spalte ${C} der Zeile ${R}`;
    case 'es':
      return `la celda de la columna ${C} en la fila ${R}`;
    case 'fr':
      return `la cellule de la colonne ${C} dans la ligne ${R}`;
    case 'ar':
      return `الخلية في عمود ${C} ضمن صف ${R}`;
  }
}

/**
 * A table cell by its column header and its row counted from the header down (1 = the first row under
 * the header): "die Zelle in der Spalte „Art“ in der dritten Zeile unter der Kopfzeile".
 */
export function gCellNth(l: GLang, colLabel: string, n: number): string {
  const C = gq(l, colLabel);
  switch (l) {
    case 'ja':
      return `見出しの下${n}行目の${C}列のセル`;
    case 'de':
      return `die Zelle in der Spalte ${C} in der ${n <= 10 ? `${ORD_DE[n - 1]}n` : `${n}.`} Zeile unter der Kopfzeile`;
    case 'es':
      return `la celda de la columna ${C} en la ${n <= 10 ? ORD_ES_F[n - 1] : `${n}.ª`} fila bajo el encabezado`;
    case 'fr':
      return `la cellule de la colonne ${C} dans la ${n === 1 ? 'première' : n <= 10 ? ORD_FR[n - 1] : `${n}e`} ligne sous l’en-tête`;
    case 'ar':
      return `الخلية في عمود ${C} ضمن الصف رقم ${n} أسفل العناوين`;
  }
}

/** Among same-looking controls: "die zweite Schaltfläche „Antworten“ von oben" / grid row & column. */
export function gDup(l: GLang, what: { label: string | null; iconDesc: string | null }, rc: string, axis: 'col' | 'row' | 'grid', n: number, row: number, col: number): string {
  const nn = noun(l, rc);
  const tag = what.label !== null ? gq(l, what.label) : gq(l, what.iconDesc ?? '');
  if (axis === 'grid') {
    switch (l) {
      case 'ja':
        return `${row}行${col}列目の${tag}${nn.n}`;
      case 'de':
        return `${def(l, nn)} ${tag} in Zeile ${row}, Spalte ${col}`;
      case 'es':
        return `${def(l, nn)} ${tag} de la fila ${row}, columna ${col}`;
      case 'fr':
        return `${def(l, nn)} ${tag} en ligne ${row}, colonne ${col}`;
      case 'ar':
        return `${arDef(nn)} ${tag} في الصف ${row} والعمود ${col}`;
    }
  }
  const from = { ja: axis === 'col' ? '上から' : '左から', de: axis === 'col' ? 'von oben' : 'von links', es: axis === 'col' ? 'desde arriba' : 'desde la izquierda', fr: axis === 'col' ? 'en partant du haut' : 'en partant de la gauche', ar: axis === 'col' ? 'من الأعلى' : 'من اليسار' }[l];
  if (l === 'ja') return `${from}${n}番目の${tag}${nn.n}`;
  return `${ordPhrase(l, n, nn)} ${tag} ${from}`;
}

/**
 * Spatial: "the button right of «Save»". `far`: the target is the first of its kind that way but not
 * right beside the anchor, so no "directly" / "just" / "すぐ" (alt is ignored).
 */
export function gDir(l: GLang, dir: GDirection, rc: string, anchor: string, alt: boolean, far = false): string {
  const nn = noun(l, rc);
  const A = gq(l, anchor);
  if (far) alt = false;
  switch (l) {
    case 'ja': {
      const side = { left: '左', right: '右', above: '上', below: '下' }[dir];
      if (far) return `${A}の${side}にある最初の${nn.n}`;
      return alt ? `${A}の${side}隣にある${nn.n}` : `${A}のすぐ${side}の${nn.n}`;
    }
    // "the X immediately below Y" or "the first X below Y", never a bare "the X below Y": more than one X
    // can lie below Y, and the query names the nearest
    case 'de': {
      const rel = { left: 'links neben', right: 'rechts neben', above: 'über', below: 'unter' }[dir];
      return alt ? `${def(l, nn)} direkt ${rel} ${A}` : `${ordPhrase(l, 1, nn)} ${rel} ${A}`;
    }
    case 'es': {
      const rel = { left: 'a la izquierda de', right: 'a la derecha de', above: 'encima de', below: 'debajo de' }[dir];
      return alt ? `${def(l, nn)} justo ${rel} ${A}` : `${ordPhrase(l, 1, nn)} ${rel} ${A}`;
    }
    case 'fr': {
      const rel = { left: 'à gauche de', right: 'à droite de', above: 'au-dessus de', below: 'en dessous de' }[dir];
      return alt ? `${def(l, nn)} juste ${rel} ${A}` : `${ordPhrase(l, 1, nn)} ${rel} ${A}`;
    }
    case 'ar': {
      const rel = { left: 'على يسار', right: 'على يمين', above: 'فوق', below: 'تحت' }[dir];
      return alt ? `${arDef(nn)} الموجود مباشرة ${rel} ${A}` : `أول ${nn.n} ${rel} ${A}`;
    }
  }
}

/** Checkbox / switch with its label and state. */
export function gLabelledState(l: GLang, rc: string, label: string, checked: boolean): string | null {
  if (rc !== 'checkbox' && rc !== 'switch') return null;
  const nn = noun(l, rc);
  const Q = gq(l, label);
  const sw = rc === 'switch';
  switch (l) {
    case 'ja':
      return sw ? `${checked ? 'オン' : 'オフ'}になっている${Q}スイッチ` : `${checked ? 'チェックされている' : 'チェックされていない'}${Q}チェックボックス`;
    case 'de': {
      const adj = sw ? (checked ? 'eingeschaltete' : 'ausgeschaltete') : checked ? 'aktivierte' : 'nicht aktivierte';
      return `${nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'der'} ${adj} ${nn.n} ${Q}`;
    }
    case 'es': {
      const f = nn.g === 'f';
      const adj = sw ? (checked ? (f ? 'activada' : 'activado') : f ? 'desactivada' : 'desactivado') : checked ? (f ? 'marcada' : 'marcado') : 'sin marcar';
      return `${def(l, nn)} ${Q} ${adj}`;
    }
    case 'fr': {
      const f = nn.g === 'f';
      const adj = sw ? (checked ? (f ? 'activée' : 'activé') : f ? 'désactivée' : 'désactivé') : checked ? (f ? 'cochée' : 'coché') : f ? 'non cochée' : 'non coché';
      return `${def(l, nn)} ${Q} ${adj}`;
    }
    case 'ar':
      return sw ? `${arDef(nn)} ${Q} ${checked ? 'في وضع التشغيل' : 'في وضع الإيقاف'}` : `${arDef(nn)} ${Q} ${checked ? 'المحدد' : 'غير المحدد'}`;
  }
}

/** A disabled control by its label: "die deaktivierte Schaltfläche „Senden“", "el botón «Enviar» desactivado". */
export function gDisabled(l: GLang, rc: string, label: string): string {
  const nn = noun(l, rc);
  const Q = gq(l, label);
  const f = nn.g === 'f';
  switch (l) {
    case 'ja':
      return `無効になっている${Q}${nn.n}`;
    case 'de':
      return `${nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'der'} deaktivierte ${nn.n} ${Q}`;
    case 'es':
      return `${def(l, nn)} ${Q} ${f ? 'deshabilitada' : 'deshabilitado'}`;
    case 'fr':
      return `${def(l, nn)} ${Q} ${f ? 'désactivée' : 'désactivé'}`;
    case 'ar':
      return `${arDef(nn)} ${Q} ${f ? 'المعطلة' : 'المعطل'}`;
  }
}

/** States a target can be described by alone ("the unchecked checkbox", "the selected tab"). */
export type StateWord = 'checked' | 'unchecked' | 'on' | 'off' | 'selected' | 'current' | 'pressed';

/** "the unchecked checkbox" / "the currently selected tab" (within a landmark unless null), in any language. */
export function stateOnly(l: Lang, st: StateWord, rc: string, lm: string | null, lmPhrase: (lm: string) => string): string {
  if (l === 'en' || l === 'zh') {
    const nounEn: Record<string, string> = { checkbox: 'checkbox', switch: 'switch', tab: 'tab', link: 'link', button: 'button', option: 'item', radio: 'radio button', menuitem: 'menu' };
    const nounZh: Record<string, string> = { checkbox: '复选框', switch: '开关', tab: '标签页', link: '链接', button: '按钮', option: '列表项', radio: '单选按钮', menuitem: '菜单' };
    if (l === 'en') {
      const adj = { checked: 'checked', unchecked: 'unchecked', on: 'switched-on', off: 'switched-off', selected: 'currently selected', current: 'currently active', pressed: 'toggled-on' }[st];
      const base = `the ${adj} ${nounEn[rc] ?? 'element'}`;
      return lm ? `${base} in ${lmPhrase(lm)}` : base;
    }
    const adj = { checked: '已勾选的', unchecked: '未勾选的', on: '处于开启状态的', off: '处于关闭状态的', selected: '当前选中的', current: '当前所在的', pressed: '处于按下状态的' }[st];
    return lm ? `${lmPhrase(lm)}中${adj}${nounZh[rc] ?? '元素'}` : `${adj}${nounZh[rc] ?? '元素'}`;
  }
  const g = l as GLang;
  const nn = noun(g, rc);
  let core: string;
  switch (g) {
    case 'ja': {
      const adj = { checked: 'チェックされている', unchecked: 'チェックされていない', on: 'オンになっている', off: 'オフになっている', selected: '選択中の', current: '現在表示中の', pressed: '押された状態の' }[st];
      core = `${adj}${nn.n}`;
      break;
    }
    case 'de': {
      const adj = { checked: 'aktivierte', unchecked: 'nicht aktivierte', on: 'eingeschaltete', off: 'ausgeschaltete', selected: 'ausgewählte', current: 'aktuelle', pressed: 'gedrückte' }[st];
      core = `${nn.g === 'f' ? 'die' : nn.g === 'n' ? 'das' : 'der'} ${adj} ${nn.n}`;
      break;
    }
    case 'es': {
      const f = nn.g === 'f';
      const adj = { checked: f ? 'marcada' : 'marcado', unchecked: 'sin marcar', on: f ? 'activada' : 'activado', off: f ? 'desactivada' : 'desactivado', selected: f ? 'seleccionada' : 'seleccionado', current: 'actual', pressed: f ? 'pulsada' : 'pulsado' }[st];
      core = `${def(g, nn)} ${adj}`;
      break;
    }
    case 'fr': {
      const f = nn.g === 'f';
      const adj = { checked: f ? 'cochée' : 'coché', unchecked: f ? 'non cochée' : 'non coché', on: f ? 'activée' : 'activé', off: f ? 'désactivée' : 'désactivé', selected: f ? 'sélectionnée' : 'sélectionné', current: f ? 'active' : 'actif', pressed: f ? 'enfoncée' : 'enfoncé' }[st];
      core = `${def(g, nn)} ${adj}`;
      break;
    }
    case 'ar': {
      const f = nn.g === 'f';
      const adj = { checked: f ? 'المحددة' : 'المحدد', unchecked: f ? 'غير المحددة' : 'غير المحدد', on: 'في وضع التشغيل', off: 'في وضع الإيقاف', selected: f ? 'المحددة حاليًا' : 'المحدد حاليًا', current: f ? 'الحالية' : 'الحالي', pressed: f ? 'المضغوطة' : 'المضغوط' }[st];
      core = `${arDef(nn)} ${adj}`;
      break;
    }
  }
  return withLandmark(g, core, lm);
}

/**
 * Icon queries: "die Schaltfläche mit dem Symbol „Lupe“", "l’icône « loupe »" (within a landmark
 * unless null). `desc` is what the icon depicts in the language (icon-names.ts).
 */
export function gIcon(l: GLang, desc: string, rc: string, lm: string | null, labelled = false): string[] {
  const button = rc === 'button';
  let base: string[];
  if (labelled) {
    // a control that shows text beside its icon: name the control by its icon ("der Link mit dem Symbol „Ordner“")
    const nn = noun(l, rc);
    const one = {
      ja: `${desc}アイコンの付いた${nn.n}`,
      de: `${def(l, nn)} mit dem Symbol ${gq(l, desc)}`,
      es: `${def(l, nn)} con el icono de ${desc}`,
      fr: `${def(l, nn)} avec l’icône ${gq(l, desc)}`,
      ar: `${arDef(nn)} ${nn.g === 'f' ? 'ذات' : 'ذو'} أيقونة ${desc}`,
    }[l];
    return [withLandmark(l, one, lm)];
  }
  switch (l) {
    case 'ja':
      base = button ? [`${desc}アイコンのボタン`, `${desc}のアイコンが付いたボタン`] : [`${desc}のアイコン`];
      break;
    case 'de':
      base = button ? [`die Schaltfläche mit dem Symbol ${gq(l, desc)}`] : [`das Symbol ${gq(l, desc)}`];
      break;
    case 'es':
      base = button ? [`el botón con el icono de ${desc}`, `el botón del icono de ${desc}`] : [`el icono de ${desc}`];
      break;
    case 'fr':
      base = button ? [`le bouton avec l’icône ${gq(l, desc)}`, `le bouton à l’icône ${gq(l, desc)}`] : [`l’icône ${gq(l, desc)}`];
      break;
    case 'ar':
      base = button ? [`زر أيقونة ${desc}`, `الزر الذي يحمل أيقونة ${desc}`] : [`أيقونة ${desc}`];
      break;
  }
  return base.map((b) => withLandmark(l, b, lm));
}

/** The role's definite noun phrase alone: "die Schaltfläche", "el botón", "le bouton", "الزر", "ボタン" (container queries: "the button in the "X" card"). */
export function gDefNoun(l: GLang, rc: string): string {
  return def(l, noun(l, rc));
}

/**
 * A text of a code editor by the line its gutter numbers (`line`, the number as shown): "the text
 * "return" on line 5", "第5行的文字“return”", "der Text „return“ in Zeile 5", in any language.
 */
export function lineText(l: Lang, label: string, line: string): string {
  const Q = gq(l, label);
  switch (l) {
    case 'en':
      return `the text ${Q} on line ${line}`;
    case 'zh':
      return `第${line}行的文字${Q}`;
    case 'ja':
      return `${line}行目のテキスト${Q}`;
    case 'de':
      return `der Text ${Q} in Zeile ${line}`;
    case 'es':
      return `el texto ${Q} de la línea ${line}`;
    case 'fr':
      return `le texte ${Q} à la ligne ${line}`;
    case 'ar':
      return `النص ${Q} في السطر ${line}`;
  }
}

/**
 * Spatial query anchored on an icon (an icon-only control or image whose icon no other target shows):
 * "die Schaltfläche direkt rechts neben dem Symbol „Lupe“", "el primer botón a la derecha del icono de
 * lupa". `desc` is what the icon depicts in the language (icon-names.ts); `far` as in {@link gDir}.
 */
export function gDirIcon(l: GLang, dir: GDirection, rc: string, desc: string, alt: boolean, far = false): string {
  const nn = noun(l, rc);
  if (far) alt = false;
  switch (l) {
    case 'ja': {
      const side = { left: '左', right: '右', above: '上', below: '下' }[dir];
      if (far) return `${desc}アイコンの${side}にある最初の${nn.n}`;
      return alt ? `${desc}アイコンの${side}隣にある${nn.n}` : `${desc}アイコンのすぐ${side}の${nn.n}`;
    }
    case 'de': {
      const rel = { left: 'links neben', right: 'rechts neben', above: 'über', below: 'unter' }[dir];
      return `${alt ? `${def(l, nn)} direkt` : ordPhrase(l, 1, nn)} ${rel} dem Symbol ${gq(l, desc)}`;
    }
    case 'es': {
      const rel = { left: 'a la izquierda del', right: 'a la derecha del', above: 'encima del', below: 'debajo del' }[dir];
      return `${alt ? `${def(l, nn)} justo` : ordPhrase(l, 1, nn)} ${rel} icono de ${desc}`;
    }
    case 'fr': {
      const rel = { left: 'à gauche de', right: 'à droite de', above: 'au-dessus de', below: 'en dessous de' }[dir];
      return `${alt ? `${def(l, nn)} juste` : ordPhrase(l, 1, nn)} ${rel} l’icône ${gq(l, desc)}`;
    }
    case 'ar': {
      const rel = { left: 'على يسار', right: 'على يمين', above: 'فوق', below: 'تحت' }[dir];
      return alt ? `${arDef(nn)} الموجود مباشرة ${rel} أيقونة ${desc}` : `أول ${nn.n} ${rel} أيقونة ${desc}`;
    }
  }
}

/**
 * On a code line, the text right beside another: "the text immediately to the right of "fetchItems" on
 * line 1", "第1行“fetchItems”右边紧挨着的文字", in any language (`line` as the gutter shows it).
 */
export function lineDirText(l: Lang, dir: 'left' | 'right', anchor: string, line: string): string {
  const A = gq(l, anchor);
  const right = dir === 'right';
  switch (l) {
    case 'en':
      return `the text immediately to the ${dir} of ${A} on line ${line}`;
    case 'zh':
      return `第${line}行${A}${right ? '右边' : '左边'}紧挨着的文字`;
    case 'ja':
      return `${line}行目の${A}のすぐ${right ? '右' : '左'}のテキスト`;
    case 'de':
      return `der Text direkt ${right ? 'rechts' : 'links'} neben ${A} in Zeile ${line}`;
    case 'es':
      return `el texto justo a la ${right ? 'derecha' : 'izquierda'} de ${A} en la línea ${line}`;
    case 'fr':
      return `le texte juste à ${right ? 'droite' : 'gauche'} de ${A} à la ligne ${line}`;
    case 'ar':
      return `النص الموجود مباشرة على ${right ? 'يمين' : 'يسار'} ${A} في السطر ${line}`;
  }
}
