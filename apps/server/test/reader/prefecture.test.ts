import { describe, expect, it } from 'vitest';
import { prefectureAt, prefectureLookup } from '../../src/modules/reader/prefecture';
import { PREFECTURE_BOUNDARIES } from '../../src/modules/reader/prefecture-boundaries';

/** The 47 prefectural offices (well-known positions, about 100 m). */
const OFFICES: [name: string, code: string, lat: number, lng: number][] = [
  ['Hokkaido', '01', 43.0642, 141.3469],
  ['Aomori', '02', 40.8244, 140.74],
  ['Iwate', '03', 39.7036, 141.1527],
  ['Miyagi', '04', 38.2688, 140.8721],
  ['Akita', '05', 39.7186, 140.1024],
  ['Yamagata', '06', 38.2404, 140.3633],
  ['Fukushima', '07', 37.7503, 140.4676],
  ['Ibaraki', '08', 36.3418, 140.4468],
  ['Tochigi', '09', 36.5657, 139.8836],
  ['Gunma', '10', 36.3911, 139.0608],
  ['Saitama', '11', 35.8569, 139.6489],
  ['Chiba', '12', 35.6047, 140.1233],
  ['Tokyo', '13', 35.6895, 139.6917],
  ['Kanagawa', '14', 35.4478, 139.6425],
  ['Niigata', '15', 37.9026, 139.0236],
  ['Toyama', '16', 36.6953, 137.2113],
  ['Ishikawa', '17', 36.5947, 136.6256],
  ['Fukui', '18', 36.0652, 136.2216],
  ['Yamanashi', '19', 35.6642, 138.5684],
  ['Nagano', '20', 36.6513, 138.181],
  ['Gifu', '21', 35.3912, 136.7223],
  ['Shizuoka', '22', 34.9769, 138.3831],
  ['Aichi', '23', 35.1802, 136.9066],
  ['Mie', '24', 34.7303, 136.5086],
  ['Shiga', '25', 35.0045, 135.8686],
  ['Kyoto', '26', 35.021, 135.7556],
  ['Osaka', '27', 34.6863, 135.52],
  ['Hyogo', '28', 34.6913, 135.183],
  ['Nara', '29', 34.6853, 135.8329],
  ['Wakayama', '30', 34.226, 135.1675],
  ['Tottori', '31', 35.5036, 134.2383],
  ['Shimane', '32', 35.4723, 133.0505],
  ['Okayama', '33', 34.6618, 133.9344],
  ['Hiroshima', '34', 34.3966, 132.4596],
  ['Yamaguchi', '35', 34.1859, 131.4714],
  ['Tokushima', '36', 34.0658, 134.5593],
  ['Kagawa', '37', 34.3401, 134.0434],
  ['Ehime', '38', 33.8417, 132.7661],
  ['Kochi', '39', 33.5597, 133.5311],
  ['Fukuoka', '40', 33.6064, 130.4181],
  ['Saga', '41', 33.2494, 130.2988],
  ['Nagasaki', '42', 32.7448, 129.8737],
  ['Kumamoto', '43', 32.7898, 130.7417],
  ['Oita', '44', 33.2382, 131.6126],
  ['Miyazaki', '45', 31.9111, 131.4239],
  ['Kagoshima', '46', 31.5602, 130.5581],
  ['Okinawa', '47', 26.2124, 127.6809],
];

describe('prefectureAt', () => {
  it('has an outline for every prefecture code 01..47', () => {
    expect(PREFECTURE_BOUNDARIES.map(([code]) => code)).toEqual(
      Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
  });

  it.each(OFFICES)('the prefectural office of %s is in %s', (_name, code, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBe(code);
  });

  // Stations a few kilometres across a border from a bigger neighbour: a nearest-reference-point
  // lookup gives several of these the neighbour.
  it.each([
    ['Kawaguchi Station (across the Arakawa from Tokyo)', '11', 35.8018, 139.7173],
    ['Nishi-Kawaguchi Station', '11', 35.8155, 139.704],
    ['Toda-Koen Station', '11', 35.8085, 139.6787],
    ['Wakoshi Station', '11', 35.788, 139.6124],
    ['Akabane Station', '13', 35.7777, 139.721],
    ['Amagasaki Station (JR, next to Osaka)', '28', 34.7196, 135.4153],
    ['Hanshin Amagasaki Station', '28', 34.7185, 135.4237],
    ['Machida Station (between Kanagawa cities)', '13', 35.5423, 139.4455],
    ['Toride Station (across the Tone from Abiko)', '08', 35.9114, 140.0505],
    ['Abiko Station', '12', 35.8725, 140.0109],
    ['Matsudo Station', '12', 35.7843, 139.9009],
    ['Urayasu Station', '12', 35.6536, 139.9022],
    ['Kasai Station', '13', 35.6636, 139.8727],
    ['Kizu Station (Kizugawa, just north of Nara)', '26', 34.7368, 135.8202],
    ['Nara Station', '29', 34.6806, 135.8195],
    ['Ikoma Station', '29', 34.6913, 135.6988],
    ['Ishikiri Station', '27', 34.6843, 135.6566],
    ['Yamashina Station', '26', 34.9927, 135.8153],
    ['Otsu Station', '25', 35.0031, 135.8648],
    ['Kuwana Station', '24', 35.0653, 136.6839],
    ['Tosu Station', '41', 33.3779, 130.5064],
    ['Kurume Station', '40', 33.3199, 130.5082],
    ['Shimonoseki Station', '35', 33.95, 130.9239],
    ['Mojiko Station', '40', 33.9456, 130.9619],
    ['Fukuyama Station', '34', 34.4897, 133.3625],
    ['Kasaoka Station', '33', 34.5074, 133.5072],
  ])('%s is %s', (_name, code, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBe(code);
  });

  it.each([
    ['Sapporo Station', '01', 43.068, 141.351],
    ['Nemuro', '01', 43.33, 145.58],
    ['Sendai Station', '04', 38.26, 140.882],
    ['Shibuya', '13', 35.658, 139.701],
    ['Kichijoji', '13', 35.703, 139.58],
    ['Kawasaki Station', '14', 35.531, 139.697],
    ['Nagoya Station', '23', 35.171, 136.882],
    ['Umeda', '27', 34.702, 135.496],
    ['Lake Biwa, off Hikone', '25', 35.25, 136.07],
    ['Hakata', '40', 33.59, 130.42],
    ['Naha airport', '47', 26.206, 127.646],
    ['Ishigaki', '47', 24.34, 124.16],
    ['Miyakojima', '47', 24.8, 125.28],
    ['Yonaguni', '47', 24.47, 123.0],
    ['Amami (Naze), Kagoshima although Natural Earth draws it in Okinawa', '46', 28.377, 129.494],
    ['Tokunoshima', '46', 27.73, 128.98],
    ['Yoron', '46', 27.04, 128.42],
    ['Iheya, the northernmost island of Okinawa', '47', 27.04, 127.97],
    ['Sado (Ryotsu)', '15', 38.08, 138.44],
    ['Tsushima (Izuhara)', '42', 34.2, 129.29],
    ['Hachijojima', '13', 33.109, 139.79],
    ['Chichijima (Ogasawara)', '13', 27.094, 142.192],
    ['Awaji (Sumoto)', '28', 34.34, 134.89],
    ['Etajima, left out of the outlines', '34', 34.2, 132.45],
  ])('%s is %s', (_name, code, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBe(code);
  });

  it.each([
    ['Tokyo Bay off Haneda', '13', 35.52, 139.83],
    ['Sagami Bay 3 km off Kamakura', '14', 35.28, 139.55],
    ['3 km off Naha port', '47', 26.22, 127.63],
  ])('%s, at sea near the shore, is %s', (_name, code, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBe(code);
  });

  it.each([
    ['Seoul', 37.566, 126.978],
    ['Busan', 35.18, 129.075],
    ['Busan shore facing Tsushima', 35.05, 129.08],
    ['Jeju', 33.5, 126.53],
    ['Taipei', 25.033, 121.565],
    ['Vladivostok', 43.116, 131.882],
    ['Korsakov, Sakhalin', 46.64, 142.78],
    ['Shanghai', 31.23, 121.47],
    ['Paris', 48.857, 2.352],
    ['mid-Pacific', 30, 160],
    ['the Sea of Japan', 40, 135],
    ['the Pacific 150 km off Miyagi', 38.5, 143.5],
  ])('%s is not in Japan', (_name, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBeNull();
  });
});

describe('prefectureLookup', () => {
  // A square "A" of 0..10° with a hole 4..6°, an island of "A" inside the hole, and "B" east of it.
  const square = (from: number, to: number) => [from, from, to, from, to, to, from, to].map((v) => v * 1000);
  const lookup = prefectureLookup([
    ['A', [[square(0, 10), square(4, 6)], [square(4.5, 5.5)]]],
    ['B', [[square(10, 20).map((v, i) => (i % 2 === 0 ? v : v - 10000))]]],
  ]);

  it('respects holes and every polygon of a prefecture', () => {
    expect(lookup(2, 2)).toBe('A');
    expect(lookup(4.2, 4.2)).toBeNull();
    expect(lookup(5, 5)).toBe('A');
    expect(lookup(5, 15)).toBe('B');
  });

  it('gives a point just off a shore to the nearest outline within 10 km, farther to none', () => {
    expect(lookup(-0.05, 5)).toBe('A');
    expect(lookup(5, 20.05)).toBe('B');
    expect(lookup(-0.2, 5)).toBeNull();
  });
});
