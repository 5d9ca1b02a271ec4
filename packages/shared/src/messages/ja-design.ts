/**
 * The server's texts of branded codes (issue 31): the design's refusals and the saved styles'. The
 * web app loads them with the design panel, so a first visit does not carry them; index.ts joins
 * them to ja.ts for the server.
 */
export const jaDesign = {
  validation: {
    design_color: '色は #rrggbb の形式で指定してください',
    design_shape: '形を選び直してください',
    design_logo: 'ロゴに使う画像を選び直してください',
    design_logo_size: 'ロゴの大きさを選び直してください',
    design_cta: '呼びかけの文言を選び直してください',
    design_inverted:
      '読み取れないコードになります。模様は背景より濃い色にしてください（明暗の反転はできません）',
    design_contrast: '読み取れないコードになります。模様と背景の色の差が足りません（コントラスト比4.5以上）',
    design_logo_capacity:
      'ロゴを入れると誤り訂正が強くなり、入る内容が減ります（小さいロゴ1663バイト、大きいロゴ1273バイトまで）。内容を短くするかロゴを外してください',
    design_logo_guest: 'ロゴを入れるには会員登録（ログイン）が必要です',
    style_name_required: 'スタイル名を入力してください',
    style_name_too_long: 'スタイル名は32文字以内で入力してください',
  },
  errors: {
    styles_limit: '保存できるスタイルは20件までです。不要なスタイルを削除してください',
    style_name_taken: '同じ名前のスタイルがあります',
    logo_pictures_limit:
      'アップロードできるロゴの画像は20枚までです。使わない画像を削除してからアップロードしてください',
    logo_picture_in_use:
      'QRコードで使っているロゴの画像は削除できません。先にそのコードのロゴを変えてください',
    logo_picture_in_use_count: 'この画像は{0}件のQRコードのロゴに使われています',
  },
};

export type DesignMessages = typeof jaDesign;
