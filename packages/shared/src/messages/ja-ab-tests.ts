/**
 * The server's texts of message A/B tests: their refusals and the operator's pick. index.ts joins
 * them to ja.ts for the server; `{0}` takes the field error's first value.
 */
export const jaAbTests = {
  validation: {
    ab_share_range: 'テスト配信の割合は10〜50%で指定してください',
    ab_metric: '勝者を決める指標を選んでください',
    ab_metric_coupon: 'クーポン利用率で比べるには、すべてのパターンにクーポンが必要です',
    ab_wait_range: '勝者を決めるまでの時間は1〜72時間で指定してください',
    ab_fallback: '差がはっきりしないときの配信方法を選んでください',
    ab_variants_count: 'パターンは2〜4つで作成してください',
    ab_variant: 'パターンを選び直してください',
    ab_groups_small: 'テスト配信の各グループが100人未満になります（現在 {0}人）',
  },
  errors: {
    ab_test_state: 'このテストは今、勝者を選べる状態ではありません',
  },
  analytics: {
    ch_csv_variant: 'パターン{0}',
    ch_csv_winner: '勝者の配信（パターン{0}）',
  },
};

export type AbTestMessages = typeof jaAbTests;
