/**
 * The industry list of the channel create form (GET /api/qrchannel/industory): top industries
 * with their sub-industries, in Japanese and English. Ids are fixed so a channel's choice keeps
 * its meaning; a later migration adds rows with new ids rather than renumbering these.
 */
interface Seed {
  id: number;
  ja: string;
  en: string;
  subs: Array<[id: number, ja: string, en: string]>;
}

export const INDUSTRIES: Seed[] = [
  {
    id: 1,
    ja: '飲食店',
    en: 'Restaurants',
    subs: [
      [101, '和食', 'Japanese cuisine'],
      [102, '洋食', 'Western cuisine'],
      [103, '中華', 'Chinese cuisine'],
      [104, 'カフェ・喫茶', 'Cafés and coffee shops'],
      [105, '居酒屋・バー', 'Izakaya and bars'],
      [106, 'ラーメン', 'Ramen'],
      [107, '焼肉・韓国料理', 'Yakiniku and Korean'],
      [108, 'パン・スイーツ', 'Bakeries and sweets'],
      [109, 'ファストフード・テイクアウト', 'Fast food and takeaway'],
      [199, 'その他飲食', 'Other food and drink'],
    ],
  },
  {
    id: 2,
    ja: '小売',
    en: 'Retail',
    subs: [
      [201, 'ファッション・服飾', 'Fashion and apparel'],
      [202, '食品・スーパー', 'Food and supermarkets'],
      [203, 'コンビニエンスストア', 'Convenience stores'],
      [204, '雑貨・インテリア', 'Goods and interior'],
      [205, '家電・パソコン', 'Electronics and computers'],
      [206, 'ドラッグストア', 'Drugstores'],
      [207, '書籍・文具', 'Books and stationery'],
      [208, 'スポーツ・アウトドア', 'Sports and outdoor'],
      [299, 'その他小売', 'Other retail'],
    ],
  },
  {
    id: 3,
    ja: '美容・健康',
    en: 'Beauty and wellness',
    subs: [
      [301, '美容室・理容室', 'Hair salons and barbers'],
      [302, 'ネイル・まつげ', 'Nails and lashes'],
      [303, 'エステ・リラクゼーション', 'Beauty treatments and relaxation'],
      [304, 'フィットネス・ヨガ', 'Fitness and yoga'],
      [305, '整体・鍼灸', 'Chiropractic and acupuncture'],
      [399, 'その他美容・健康', 'Other beauty and wellness'],
    ],
  },
  {
    id: 4,
    ja: '宿泊',
    en: 'Accommodation',
    subs: [
      [401, 'ホテル', 'Hotels'],
      [402, '旅館', 'Ryokan'],
      [403, '民宿・ペンション', 'Guesthouses and pensions'],
      [404, 'ゲストハウス・ホステル', 'Hostels'],
      [499, 'その他宿泊', 'Other accommodation'],
    ],
  },
  {
    id: 5,
    ja: '教育',
    en: 'Education',
    subs: [
      [501, '学習塾・予備校', 'Cram schools'],
      [502, '語学教室', 'Language schools'],
      [503, '習い事・音楽教室', 'Lessons and music schools'],
      [504, '学校', 'Schools'],
      [599, 'その他教育', 'Other education'],
    ],
  },
  {
    id: 6,
    ja: '医療・福祉',
    en: 'Medical and welfare',
    subs: [
      [601, '病院・クリニック', 'Hospitals and clinics'],
      [602, '歯科', 'Dentists'],
      [603, '薬局', 'Pharmacies'],
      [604, '介護・福祉施設', 'Care and welfare facilities'],
      [605, '動物病院', 'Veterinary clinics'],
      [699, 'その他医療・福祉', 'Other medical and welfare'],
    ],
  },
  {
    id: 7,
    ja: '不動産',
    en: 'Real estate',
    subs: [
      [701, '売買仲介', 'Sales brokerage'],
      [702, '賃貸仲介・管理', 'Rentals and management'],
      [703, '住宅・リフォーム', 'Housing and renovation'],
      [799, 'その他不動産', 'Other real estate'],
    ],
  },
  {
    id: 8,
    ja: '観光・レジャー',
    en: 'Tourism and leisure',
    subs: [
      [801, '観光施設・名所', 'Sights and attractions'],
      [802, 'テーマパーク・遊園地', 'Theme parks'],
      [803, '温泉・銭湯', 'Hot springs and bathhouses'],
      [804, 'カラオケ・アミューズメント', 'Karaoke and amusement'],
      [805, '旅行代理店', 'Travel agencies'],
      [899, 'その他観光・レジャー', 'Other tourism and leisure'],
    ],
  },
  {
    id: 9,
    ja: '自動車',
    en: 'Automotive',
    subs: [
      [901, '販売', 'Dealers'],
      [902, '整備・車検', 'Repair and inspection'],
      [903, 'ガソリンスタンド', 'Gas stations'],
      [904, 'レンタカー・カーシェア', 'Car rental and sharing'],
      [999, 'その他自動車', 'Other automotive'],
    ],
  },
  {
    id: 10,
    ja: '専門サービス',
    en: 'Professional services',
    subs: [
      [1001, '士業（税理士・行政書士など）', 'Licensed professionals (tax, legal)'],
      [1002, 'IT・Web制作', 'IT and web production'],
      [1003, '写真・デザイン', 'Photography and design'],
      [1004, 'クリーニング', 'Dry cleaning'],
      [1005, '冠婚葬祭', 'Weddings and funerals'],
      [1099, 'その他専門サービス', 'Other professional services'],
    ],
  },
  { id: 99, ja: 'その他', en: 'Other', subs: [[9901, 'その他', 'Other']] },
];

/** The seed as table rows, in display order (parents first, so the foreign key holds). */
export function industryRows() {
  const parents = INDUSTRIES.map((p, i) => ({
    id: p.id,
    parent_id: null,
    name_ja: p.ja,
    name_en: p.en,
    sort_order: i + 1,
  }));
  const subs = INDUSTRIES.flatMap((p) =>
    p.subs.map(([id, ja, en], i) => ({ id, parent_id: p.id, name_ja: ja, name_en: en, sort_order: i + 1 })),
  );
  return [...parents, ...subs];
}
