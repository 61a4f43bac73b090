/**
 * `web.shop`: an e-commerce category listing in a desktop browser viewport: header with logo, search
 * and account / cart links, category navigation, breadcrumb, filters sidebar with checkboxes and a
 * price range, product grid (image, wish-list button, title, rating, price, "Add to cart"), sort
 * select and pagination.
 */
import type { BuiltPage, ControlHint } from '../../common.js';
import { L, money, type LegacyApp, type LegacyContext } from './context.js';
import { buildDocument, renderTemplate } from '../../templating.js';

interface Cat {
  en: string;
  zh: string;
  subs: Array<[string, string]>;
  /** Product nouns (en, zh); `null` = book titles from faker. */
  nouns: Array<[string, string, string]> | null;
}

interface Product {
  id: string;
  name: string;
  icon: string;
  price: string;
  old: string;
  off: string;
  rating: string;
  stars: string[];
  /** Accessible name of the star picture ("Rated 4.6 out of 5"). */
  ratingLabel: string;
  reviews: string;
  bg: string;
  cartLabel: string;
  wishLabel: string;
  prime: boolean;
}

const CATEGORIES: Cat[] = [
  { en: 'Electronics', zh: '数码电子', subs: [['Laptops', '笔记本电脑'], ['Headphones', '耳机'], ['Phones', '手机'], ['Cameras', '相机'], ['Wearables', '智能穿戴']],
    nouns: [['Wireless Headphones', '无线蓝牙耳机', 'headphones'], ['Bluetooth Speaker', '便携蓝牙音箱', 'volume-2'], ['Smartwatch', '智能手表', 'watch'], ['Laptop Stand', '笔记本支架', 'laptop'], ['USB-C Hub', 'USB-C 扩展坞', 'laptop'], ['Mechanical Keyboard', '机械键盘', 'laptop'], ['4K Webcam', '高清摄像头', 'camera'], ['Noise-Cancelling Earbuds', '降噪耳机', 'headphones'], ['Portable Charger', '移动电源', 'smartphone'], ['Action Camera', '运动相机', 'camera'], ['Wireless Mouse', '无线鼠标', 'laptop'], ['Tablet Case', '平板保护套', 'tablet-smartphone']] },
  { en: 'Home & Kitchen', zh: '家居厨房', subs: [['Furniture', '家具'], ['Lighting', '灯具'], ['Coffee makers', '咖啡机'], ['Storage', '收纳']],
    nouns: [['Ceramic Mug Set', '陶瓷马克杯套装', 'coffee'], ['Table Lamp', '护眼台灯', 'lamp'], ['Pour-Over Coffee Maker', '手冲咖啡壶', 'coffee'], ['Storage Basket', '收纳篮', 'package'], ['Linen Throw Pillow', '亚麻抱枕', 'sofa'], ['Cast Iron Skillet', '铸铁平底锅', 'package'], ['Glass Food Containers', '玻璃保鲜盒', 'package'], ['Wall Clock', '静音挂钟', 'clock'], ['Bath Towel Set', '纯棉浴巾套装', 'package'], ['Side Table', '实木边几', 'sofa']] },
  { en: 'Fashion', zh: '服饰', subs: [['Tops', '上衣'], ['Accessories', '配饰'], ['Bags', '箱包'], ['Watches', '手表']],
    nouns: [['Crew Neck T-Shirt', '纯棉圆领T恤', 'shirt'], ['Denim Jacket', '牛仔夹克', 'shirt'], ['Leather Belt', '真皮腰带', 'shopping-bag'], ['Canvas Tote Bag', '帆布托特包', 'shopping-bag'], ['Knit Beanie', '羊毛针织帽', 'shirt'], ['Running Sneakers', '轻便跑鞋', 'shopping-bag'], ['Silk Scarf', '真丝围巾', 'shirt'], ['Chronograph Watch', '石英手表', 'watch'], ['Hooded Sweatshirt', '连帽卫衣', 'shirt'], ['Linen Shirt', '亚麻衬衫', 'shirt']] },
  { en: 'Sports & Outdoors', zh: '运动户外', subs: [['Fitness', '健身'], ['Cycling', '骑行'], ['Camping', '露营'], ['Running', '跑步']],
    nouns: [['Yoga Mat', '瑜伽垫', 'dumbbell'], ['Adjustable Dumbbells', '可调节哑铃', 'dumbbell'], ['Cycling Helmet', '骑行头盔', 'bike'], ['Camping Tent', '露营帐篷', 'package'], ['Trail Running Shoes', '越野跑鞋', 'shopping-bag'], ['Insulated Water Bottle', '保温水壶', 'package'], ['Resistance Bands', '弹力带', 'dumbbell'], ['Hiking Backpack', '登山背包', 'shopping-bag'], ['Jump Rope', '跳绳', 'dumbbell'], ['Foam Roller', '泡沫轴', 'dumbbell']] },
  { en: 'Toys & Games', zh: '玩具游戏', subs: [['Board games', '桌游'], ['Video games', '电子游戏'], ['Baby toys', '婴儿玩具'], ['Puzzles', '拼图']],
    nouns: [['Building Blocks Set', '积木套装', 'gift'], ['Wooden Puzzle', '木质拼图', 'gift'], ['Plush Bear', '毛绒小熊', 'baby'], ['Strategy Board Game', '策略桌游', 'gamepad-2'], ['Remote Control Car', '遥控赛车', 'gamepad-2'], ['Kids Drawing Tablet', '儿童画板', 'baby'], ['Card Game', '卡牌游戏', 'gamepad-2'], ['Stacking Rings', '彩虹叠叠乐', 'baby']] },
  { en: 'Books', zh: '图书', subs: [['Fiction', '小说'], ['Cooking', '烹饪'], ['Children', '少儿'], ['Business', '经管']],
    nouns: null },
];
const EXTRA_NAV: Array<[string, string]> = [['Deals', '今日特价'], ['New arrivals', '新品'], ['Gift cards', '礼品卡'], ['Best sellers', '热销榜']];
const STORES_EN = ['Northwind Market', 'Brightcart', 'Parcel & Co.', 'Cartwheel', 'Shoply'];
const STORES_ZH = ['优品汇', '好物集', '云购商城', '乐享购', '万家选'];
const ACCENTS = ['#0f62fe', '#e4572e', '#1b998b', '#7b2cbf', '#d62246', '#f59e0b'];
const SWATCHES = [
  ['#eef2ff', '#c7d2fe'], ['#fef3c7', '#fcd34d'], ['#ecfdf5', '#a7f3d0'], ['#fdf2f8', '#fbcfe8'],
  ['#f1f5f9', '#cbd5e1'], ['#fff7ed', '#fed7aa'], ['#f0f9ff', '#bae6fd'], ['#f5f3ff', '#ddd6fe'],
];

/** Builds the shop listing page for one sample. */
function build(ctx: LegacyContext): BuiltPage {
  const { rng, faker, locale, theme, device } = ctx;
  const zh = locale === 'zh-CN';
  const t = <T,>(en: T, zhv: T) => L(locale, en, zhv);
  const hints: Record<string, ControlHint> = {};
  const cat = rng.pick(CATEGORIES);
  const catName = t(cat.en, cat.zh);
  const store = rng.pick(zh ? STORES_ZH : STORES_EN);
  const accent = rng.pick(ACCENTS);
  const cols = device.width >= 1366 ? rng.pick([4, 5]) : 4;
  const imgH = rng.int(130, 170);
  const wishlist = rng.bool(0.7);
  const labelledCart = rng.bool(0.6); // per-product aria-labels on "Add to cart"

  const nav = [
    ...rng.sample(CATEGORIES, 5).map((c) => t(c.en, c.zh)),
    ...rng.sample(EXTRA_NAV, 2).map((e) => t(e[0], e[1])),
  ];
  if (!nav.includes(catName)) nav[0] = catName;
  const navItems = nav.map((label, i) => {
    const id = `nav-${i}`;
    hints[id] = { action: 'open-category', args: { name: label } };
    return { id, label, current: label === catName };
  });

  // ---- filters ----
  let fi = 0;
  const check = (label: string, count: number, on: boolean) => {
    const id = `flt-${fi++}`;
    hints[id] = { action: 'filter', args: { name: label, state: on ? 'on' : 'off' } };
    // (the label wraps its checkbox: one target, recorded under the label's id)
    hints[`${id}-l`] = hints[id]!;
    return { id, label, count: String(count), on };
  };
  const subs = rng.sample(cat.subs, Math.min(cat.subs.length, rng.int(3, 4)));
  const brands: string[] = [];
  while (brands.length < 4) {
    const b = zh ? `${faker.person.lastName()}${rng.pick(['记', '品', '优选', '家', '坊', '氏'])}` : faker.company.name().split(/[\s,-]+/)[0]!;
    if (!brands.includes(b) && b.length > 1) brands.push(b);
  }
  const sym = zh ? '¥' : '$';
  const scale = zh ? 7 : 1;
  const priceBands = [
    t(`Under ${sym}${25 * scale}`, `${sym}${25 * scale}以下`),
    `${sym}${25 * scale} – ${sym}${50 * scale}`,
    `${sym}${50 * scale} – ${sym}${100 * scale}`,
    t(`${sym}${100 * scale} & above`, `${sym}${100 * scale}以上`),
  ];
  const filterGroups = [
    { title: t('Category', '分类'), items: subs.map((s) => check(t(s[0], s[1]), rng.int(3, 180), rng.bool(0.2))) },
    { title: t('Brand', '品牌'), items: brands.map((b) => check(b, rng.int(2, 90), rng.bool(0.15))) },
    { title: t('Price', '价格'), items: priceBands.map((p) => check(p, rng.int(5, 120), false)) },
  ];
  hints['price-min'] = { action: 'min-price' };
  hints['price-max'] = { action: 'max-price' };
  hints['price-go'] = { action: 'apply-price' };
  hints['rating-4'] = { action: 'filter-rating' };
  hints['clear-filters'] = { action: 'clear-filters' };

  // ---- products ----
  const nProducts = cols * 2 + rng.int(0, cols);
  const products: Product[] = [];
  const names = new Set<string>();
  /** A product name and the icon its placeholder image shows. */
  const productName = (): [string, string] => {
    if (!cat.nouns) return [faker.book.title(), 'book-open'];
    const [nEn, nZh, icon] = rng.pick(cat.nouns);
    if (zh) {
      const color = faker.color.human();
      return [rng.bool(0.5) ? `${rng.pick(brands)} ${nZh}` : `${nZh}（${color}）`, icon];
    }
    const adj = rng.bool(0.5) ? faker.commerce.productAdjective() : faker.color.human().replace(/^./, (c) => c.toUpperCase());
    return [rng.bool(0.4) ? `${rng.pick(brands)} ${nEn}` : `${adj} ${nEn}`, icon];
  };
  for (let i = 0; products.length < nProducts && i < nProducts * 6; i++) {
    const [name, icon] = productName();
    if (names.has(name) || name.length > 40) continue;
    names.add(name);
    const k = products.length;
    const price = zh ? rng.int(19, 2999) + rng.pick([0, 0.9, 0.5]) : rng.int(8, 400) + rng.pick([0.99, 0.49, 0.0, 0.95]);
    const sale = rng.bool(0.3);
    const old = sale ? price * rng.float(1.15, 1.6) : 0;
    const rating = Math.round(rng.float(3.2, 5) * 10) / 10;
    const stars = [1, 2, 3, 4, 5].map((s) => (rating >= s - 0.25 ? 'full' : rating >= s - 0.75 ? 'half' : 'empty'));
    const sw = rng.pick(SWATCHES);
    const p: Product = {
      id: `p${k}`,
      name,
      icon,
      price: money(locale, price),
      old: sale ? money(locale, old) : '',
      off: sale ? `-${Math.round((1 - price / old) * 100)}%` : '',
      rating: rating.toFixed(1),
      stars,
      // (the five stars are one picture of the rating, as shops draw it: one target, not five icons)
      ratingLabel: t(`Rated ${rating.toFixed(1)} out of 5`, `评分 ${rating.toFixed(1)}，满分 5 分`),
      reviews: zh ? String(rng.int(3, 9999)) : rng.int(3, 9999).toLocaleString('en-US'),
      bg: theme === 'dark' ? `linear-gradient(160deg,#2a2f3a,#1c2029)` : `linear-gradient(160deg,${sw[0]},${sw[1]})`,
      cartLabel: labelledCart ? t(`Add ${name} to cart`, `将${name}加入购物车`) : '',
      wishLabel: t(`Add ${name} to wish list`, `将${name}加入心愿单`),
      prime: rng.bool(0.4),
    };
    hints[`${p.id}-title`] = { action: 'open-product', args: { product: name } };
    hints[`${p.id}-cart`] = { action: 'add-to-cart', args: { product: name } };
    if (wishlist) hints[`${p.id}-wish`] = { action: 'wishlist', args: { product: name } };
    products.push(p);
  }
  const total = rng.int(60, 900);
  const perPage = nProducts;
  const pages = Math.ceil(total / perPage);
  hints['sort'] = { action: 'sort' };
  hints['pg-prev'] = { action: 'prev-page' };
  hints['pg-next'] = { action: 'next-page' };
  hints['top-prev'] = { action: 'prev-page' };
  hints['top-next'] = { action: 'next-page' };
  const pageLinks = [1, 2, 3, 4].map((n) => ({ id: `pg-${n}`, n: String(n), current: n === 1 }));
  for (const pl of pageLinks) hints[pl.id] = { action: 'page', args: { n: pl.n } };
  hints[`pg-${pages}`] = { action: 'page', args: { n: String(pages) } };
  hints['search-input'] = { action: 'search-products' };
  hints['search-btn'] = { action: 'submit-search' };
  hints['hdr-signin'] = { action: 'sign-in' };
  hints['hdr-orders'] = { action: 'open-orders' };
  hints['hdr-cart'] = { action: 'open-cart' };
  hints['logo'] = { action: 'go-home' };
  hints['crumb-home'] = { action: 'go-home' };
  const cartCount = rng.int(0, 6);
  const promo = rng.bool(0.6) ? t(`Free shipping on orders over ${sym}${50 * scale}`, `全场满${99}元包邮，7天无理由退货`) : '';
  const sortOpts = zh ? ['综合排序', '价格从低到高', '价格从高到低', '销量优先', '最新上架'] : ['Featured', 'Price: Low to High', 'Price: High to Low', 'Customer Rating', 'Newest Arrivals'];

  const view = {
    s: {
      search: t('Search products', '搜索商品'),
      searchBtn: t('Search', '搜索'),
      signin: t('Sign in', '登录'),
      orders: t('Orders', '我的订单'),
      cart: t('Cart', '购物车'),
      home: t('Home', '首页'),
      filters: t('Filters', '筛选'),
      filterPanel: t('Filter sidebar', '筛选栏'),
      clear: t('Clear all', '清除全部'),
      min: t('Min', '最低'),
      max: t('Max', '最高'),
      go: t('Go', '确定'),
      rating: t('Customer rating', '用户评分'),
      ratingItem: t('4 stars & up', '4星及以上'),
      sortBy: t('Sort by', '排序方式'),
      results: zh ? `共 ${total} 件商品，第 1–${perPage} 件` : `1–${perPage} of ${total} results`,
      addToCart: t('Add to cart', '加入购物车'),
      prev: t('Previous', '上一页'),
      next: t('Next', '下一页'),
      prevPage: t('Previous page', '上一页'),
      nextPage: t('Next page', '下一页'),
      pageOf: zh ? `第 1 / ${pages} 页` : `Page 1 of ${pages}`,
      categories: t('Category navigation', '分类导航'),
      pagination: t('Pagination', '分页'),
      fast: t('Fast delivery', '次日达'),
    },
    store,
    promo,
    navItems,
    catName,
    filterGroups,
    products,
    wishlist,
    sortOpts,
    pageLinks,
    lastPage: { id: `pg-${pages}`, n: String(pages) },
    cartCount: cartCount ? String(cartCount) : '',
    layout: { cols, imgH, accent },
  };
  const body = renderTemplate('legacy/web.shop/page.hbs', view);
  const fontPkg = rng.pick(['inter', 'roboto', 'noto-sans'] as const);
  const html = buildDocument({
    lang: locale,
    theme,
    title: `${catName} – ${store}`,
    fonts: [{ pkg: fontPkg, weights: [400, 500, 600, 700] }, ...(zh ? [{ pkg: 'noto-sans-sc', weights: [400, 500, 700] }] : [])],
    css: ['legacy/themes/web.css', 'legacy/web.shop/shop.css'],
    body: `<div class="site" style="--accent:${accent};--cols:${cols};--img-h:${imgH}px">\n${body}\n</div>`,
    bodyClass: `web ${zh ? 'cjk' : 'latin'}`,
  });
  return {
    html,
    hints,
    params: { category: cat.en, store, columns: cols, products: products.length, wishlist, labelled_cart: labelledCart, font: fontPkg, accent },
  };
}

/** `app: legacy-shop` (family web.shop). */
export const LEGACY_SHOP: LegacyApp = { platform: 'web', locales: ['en-US', 'zh-CN'], build };
