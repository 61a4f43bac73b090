/**
 * What an icon depicts, in the page languages beyond English and Chinese (those live in
 * phrases.ts ICON_DESCRIPTIONS): lucide icon name -> [ja, de, es, fr, ar].
 *
 * Forms: ja a bare noun; de a noun without article (used in quotes: das Symbol „Lupe“); es a noun
 * without article (used after "icono de": el icono de lupa); fr a noun without article (used in quotes:
 * l’icône « loupe »); ar a definite noun (used in construct: أيقونة العدسة المكبرة).
 * An icon without an entry gets no icon query on pages in these languages (never an English name).
 */
import type { GLang } from './query-lang.js';

type Row = readonly [ja: string, de: string, es: string, fr: string, ar: string];

const T: Readonly<Record<string, Row>> = {
  inbox: ['受信トレイ', 'Posteingang', 'bandeja de entrada', 'boîte de réception', 'صندوق الوارد'],
  star: ['星', 'Stern', 'estrella', 'étoile', 'النجمة'],
  flag: ['旗', 'Flagge', 'bandera', 'drapeau', 'العلم'],
  'file-text': ['書類', 'Dokument', 'documento', 'document', 'المستند'],
  send: ['紙飛行機', 'Papierflieger', 'avión de papel', 'avion en papier', 'الطائرة الورقية'],
  'send-horizontal': ['紙飛行機', 'Papierflieger', 'avión de papel', 'avion en papier', 'الطائرة الورقية'],
  archive: ['アーカイブボックス', 'Archivbox', 'caja de archivo', 'boîte d’archives', 'صندوق الأرشيف'],
  'trash-2': ['ゴミ箱', 'Papierkorb', 'papelera', 'corbeille', 'سلة المهملات'],
  folder: ['フォルダ', 'Ordner', 'carpeta', 'dossier', 'المجلد'],
  'folder-symlink': ['矢印付きフォルダ', 'Ordner mit Pfeil', 'carpeta con flecha', 'dossier avec flèche', 'المجلد ذي السهم'],
  'square-pen': ['鉛筆と四角', 'Stift und Quadrat', 'lápiz y cuadrado', 'crayon et carré', 'القلم والمربع'],
  mail: ['封筒', 'Briefumschlag', 'sobre', 'enveloppe', 'الظرف'],
  reply: ['返信矢印', 'Antwortpfeil', 'flecha de respuesta', 'flèche de réponse', 'سهم الرد'],
  forward: ['転送矢印', 'Weiterleitungspfeil', 'flecha de reenvío', 'flèche de transfert', 'سهم إعادة التوجيه'],
  bell: ['ベル', 'Glocke', 'campana', 'cloche', 'الجرس'],
  'bell-off': ['斜線付きベル', 'durchgestrichene Glocke', 'campana tachada', 'cloche barrée', 'الجرس المشطوب'],
  search: ['虫眼鏡', 'Lupe', 'lupa', 'loupe', 'العدسة المكبرة'],
  paperclip: ['クリップ', 'Büroklammer', 'clip', 'trombone', 'مشبك الورق'],
  'list-filter': ['フィルター', 'Filter', 'filtro', 'filtre', 'الفلتر'],
  'arrow-left': ['左矢印', 'Pfeil nach links', 'flecha izquierda', 'flèche gauche', 'السهم الأيسر'],
  'ellipsis-vertical': ['縦の三点', 'drei senkrechte Punkte', 'tres puntos verticales', 'trois points verticaux', 'النقاط الثلاث العمودية'],
  ellipsis: ['三点', 'drei Punkte', 'tres puntos', 'trois points', 'النقاط الثلاث'],
  house: ['家', 'Haus', 'casa', 'maison', 'المنزل'],
  'layout-grid': ['グリッド', 'Raster', 'cuadrícula', 'grille', 'الشبكة'],
  'shopping-cart': ['ショッピングカート', 'Einkaufswagen', 'carrito', 'chariot', 'عربة التسوق'],
  'shopping-bag': ['買い物袋', 'Einkaufstasche', 'bolsa de compras', 'sac de courses', 'حقيبة التسوق'],
  user: ['人物', 'Person', 'persona', 'personnage', 'الشخص'],
  'user-round': ['人物', 'Person', 'persona', 'personnage', 'الشخص'],
  users: ['二人の人物', 'zwei Personen', 'dos personas', 'deux personnages', 'الشخصين'],
  heart: ['ハート', 'Herz', 'corazón', 'cœur', 'القلب'],
  'chevron-left': ['左向きの山括弧', 'Winkel nach links', 'flecha angular izquierda', 'chevron gauche', 'علامة الزاوية اليسرى'],
  'chevron-right': ['右向きの山括弧', 'Winkel nach rechts', 'flecha angular derecha', 'chevron droit', 'علامة الزاوية اليمنى'],
  package: ['荷物', 'Paket', 'paquete', 'colis', 'الطرد'],
  store: ['店舗', 'Laden', 'tienda', 'boutique', 'المتجر'],
  menu: ['三本線', 'drei Striche', 'tres líneas', 'trois traits', 'الخطوط الثلاثة'],
  wifi: ['Wi-Fi', 'WLAN', 'wifi', 'Wi-Fi', 'الواي فاي'],
  bluetooth: ['Bluetooth', 'Bluetooth', 'Bluetooth', 'Bluetooth', 'البلوتوث'],
  signal: ['電波', 'Signalbalken', 'barras de señal', 'barres de signal', 'أشرطة الإشارة'],
  moon: ['月', 'Mond', 'luna', 'lune', 'القمر'],
  sun: ['太陽', 'Sonne', 'sol', 'soleil', 'الشمس'],
  tag: ['値札', 'Preisschild', 'etiqueta', 'étiquette', 'بطاقة السعر'],
  'credit-card': ['クレジットカード', 'Kreditkarte', 'tarjeta de crédito', 'carte bancaire', 'بطاقة الائتمان'],
  'map-pin': ['地図のピン', 'Stecknadel', 'chincheta de mapa', 'épingle de carte', 'دبوس الخريطة'],
  map: ['地図', 'Karte', 'mapa', 'carte', 'الخريطة'],
  shield: ['盾', 'Schild', 'escudo', 'bouclier', 'الدرع'],
  'circle-help': ['疑問符', 'Fragezeichen', 'signo de interrogación', 'point d’interrogation', 'علامة الاستفهام'],
  info: ['情報マーク', 'Info-Zeichen', 'símbolo de información', 'symbole d’information', 'رمز المعلومات'],
  lock: ['南京錠', 'Schloss', 'candado', 'cadenas', 'القفل'],
  plane: ['飛行機', 'Flugzeug', 'avión', 'avion', 'الطائرة'],
  smartphone: ['スマートフォン', 'Smartphone', 'móvil', 'smartphone', 'الهاتف'],
  phone: ['電話の受話器', 'Telefonhörer', 'auricular de teléfono', 'combiné téléphonique', 'سماعة الهاتف'],
  clock: ['時計', 'Uhr', 'reloj', 'horloge', 'الساعة'],
  eye: ['目', 'Auge', 'ojo', 'œil', 'العين'],
  palette: ['パレット', 'Farbpalette', 'paleta', 'palette', 'لوحة الألوان'],
  'volume-2': ['スピーカー', 'Lautsprecher', 'altavoz', 'haut-parleur', 'مكبر الصوت'],
  truck: ['トラック', 'Lastwagen', 'camión', 'camion', 'الشاحنة'],
  'book-open': ['開いた本', 'aufgeschlagenes Buch', 'libro abierto', 'livre ouvert', 'الكتاب المفتوح'],
  check: ['チェックマーク', 'Häkchen', 'marca de verificación', 'coche', 'علامة الصح'],
  apple: ['Apple ロゴ', 'Apple-Logo', 'logotipo de Apple', 'logo Apple', 'شعار Apple'],
  'battery-full': ['電池', 'Akku', 'batería', 'batterie', 'البطارية'],
  'sliders-horizontal': ['スライダー', 'Schieberegler', 'controles deslizantes', 'curseurs', 'أشرطة التمرير'],
  laptop: ['ノートパソコン', 'Laptop', 'portátil', 'ordinateur portable', 'الحاسوب المحمول'],
  headphones: ['ヘッドホン', 'Kopfhörer', 'auriculares', 'casque audio', 'سماعات الرأس'],
  camera: ['カメラ', 'Kamera', 'cámara', 'appareil photo', 'الكاميرا'],
  video: ['ビデオカメラ', 'Videokamera', 'videocámara', 'caméra', 'كاميرا الفيديو'],
  coffee: ['コーヒーカップ', 'Kaffeetasse', 'taza de café', 'tasse de café', 'فنجان القهوة'],
  gift: ['ギフトボックス', 'Geschenk', 'caja de regalo', 'cadeau', 'صندوق الهدايا'],
  settings: ['歯車', 'Zahnrad', 'engranaje', 'roue dentée', 'الترس'],
  globe: ['地球儀', 'Globus', 'globo terráqueo', 'globe', 'الكرة الأرضية'],
  plus: ['プラス記号', 'Pluszeichen', 'signo más', 'signe plus', 'علامة الزائد'],
  minus: ['マイナス記号', 'Minuszeichen', 'signo menos', 'signe moins', 'علامة الناقص'],
  x: ['バツ印', 'Kreuz', 'aspa', 'croix', 'علامة الإغلاق'],
  music: ['音符', 'Musiknote', 'nota musical', 'note de musique', 'النوتة الموسيقية'],
  copy: ['重なった四角', 'zwei Rechtecke', 'dos rectángulos', 'deux rectangles', 'المستطيلين المتداخلين'],
  monitor: ['モニター', 'Bildschirm', 'monitor', 'écran', 'الشاشة'],
  smile: ['笑顔', 'Smiley', 'cara sonriente', 'visage souriant', 'الوجه المبتسم'],
  compass: ['コンパス', 'Kompass', 'brújula', 'boussole', 'البوصلة'],
  'message-circle': ['吹き出し', 'Sprechblase', 'bocadillo', 'bulle', 'فقاعة الكلام'],
  calendar: ['カレンダー', 'Kalender', 'calendario', 'calendrier', 'التقويم'],
  mic: ['マイク', 'Mikrofon', 'micrófono', 'micro', 'الميكروفون'],
  image: ['写真', 'Bild', 'imagen', 'image', 'الصورة'],
  download: ['ダウンロード矢印', 'Download-Pfeil', 'flecha de descarga', 'flèche de téléchargement', 'سهم التنزيل'],
  share: ['共有', 'Teilen-Symbol', 'compartir', 'partage', 'المشاركة'],
  cloud: ['雲', 'Wolke', 'nube', 'nuage', 'السحابة'],
  bookmark: ['しおり', 'Lesezeichen', 'marcador', 'signet', 'الإشارة المرجعية'],
  key: ['鍵', 'Schlüssel', 'llave', 'clé', 'المفتاح'],
  'key-round': ['鍵', 'Schlüssel', 'llave', 'clé', 'المفتاح'],
  wallet: ['財布', 'Geldbörse', 'cartera', 'portefeuille', 'المحفظة'],
  car: ['車', 'Auto', 'coche', 'voiture', 'السيارة'],
  'qr-code': ['QR コード', 'QR-Code', 'código QR', 'code QR', 'رمز QR'],
  'log-out': ['ログアウト矢印', 'Abmeldepfeil', 'flecha de salida', 'flèche de sortie', 'سهم الخروج'],
};

/** What the icon depicts in the language, or null when the table has no entry. */
export function iconName(icon: string, l: GLang): string | null {
  const r = T[icon];
  if (!r) return null;
  return r[{ ja: 0, de: 1, es: 2, fr: 3, ar: 4 }[l]] ?? null;
}
