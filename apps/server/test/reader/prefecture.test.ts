import { describe, expect, it } from 'vitest';
import { prefectureAt } from '../../src/modules/reader/prefecture';
import { PREFECTURE_POINTS } from '../../src/modules/reader/prefecture-points';

describe('prefectureAt', () => {
  it('knows every prefecture code 01..47', () => {
    const codes = new Set(PREFECTURE_POINTS.map(([code]) => code));
    expect([...codes].sort()).toEqual(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')));
  });

  it.each([
    ['Sapporo Station', 43.068, 141.351, '01'],
    ['Nemuro', 43.33, 145.58, '01'],
    ['Sendai Station', 38.26, 140.882, '04'],
    ['Shibuya', 35.658, 139.701, '13'],
    ['Kichijoji', 35.703, 139.58, '13'],
    ['Kawasaki Station', 35.531, 139.697, '14'],
    ['Omiya', 35.906, 139.624, '11'],
    ['Funabashi', 35.694, 139.983, '12'],
    ['Nagoya Station', 35.171, 136.882, '23'],
    ['Kyoto Station', 34.985, 135.758, '26'],
    ['Umeda', 34.702, 135.496, '27'],
    ['Sannomiya', 34.695, 135.195, '28'],
    ['Hakata', 33.59, 130.42, '40'],
    ['Kagoshima-Chuo', 31.584, 130.541, '46'],
    ['Naha airport', 26.206, 127.646, '47'],
    ['Ishigaki', 24.34, 124.16, '47'],
  ])('%s is %s', (_name, lat, lng, code) => {
    expect(prefectureAt(lat, lng)).toBe(code);
  });

  it.each([
    ['Seoul', 37.566, 126.978],
    ['Busan', 35.18, 129.075],
    ['Taipei', 25.033, 121.565],
    ['Vladivostok', 43.116, 131.882],
    ['Paris', 48.857, 2.352],
    ['mid-Pacific', 30, 160],
  ])('%s is not in Japan', (_name, lat, lng) => {
    expect(prefectureAt(lat, lng)).toBeNull();
  });
});
