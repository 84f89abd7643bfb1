# グローバルランキング（/bingo ladder join, leave, show）：docs/ladder.md。$name はメンバーが
# 選んだ名前（文字・数字・空白と - . ' のみ）、$ordinal は書式済み。

ladder-title = グローバルランキング
ladder-season = グローバルシーズン { $number }・{ $year }年 第{ $quarter }四半期
ladder-all-time = 通算
ladder-line = **{ $rank }.** { $name } — { $ordinal }（{ $wins }勝 · { $losses }敗、ランク戦 { $matches ->
   *[other] { $matches } 試合
}）
ladder-nobody = このシーズンにランク戦を戦ったランキング参加者はまだいません。`/bingo ladder join` で参加し、`/bingo queue` で対戦しましょう。
ladder-your-place = あなたの順位
ladder-not-joined = `/bingo ladder join name:` でランキングに参加すると表示されます。参加したメンバーだけが、選んだ名前で表示されます。
ladder-no-match = ランキングに参加していますが、このシーズンのランク戦はまだありません：`/bingo queue`。
ladder-footer = レーティング（μ−3σ）はランク戦の対戦から、全サーバー共通で計算します。通常の対戦やボットとの対戦は数えません。シーズンは暦の四半期（UTC）です。
ladder-season-ends = { $days ->
   *[other] このシーズンはあと { $days } 日で終わります。
}
ladder-page = { $page } / { $pages } ページ
ladder-season-unknown = グローバルシーズン「{ $season }」はありません。一覧からシーズン番号か「通算」を選んでください。

## join と leave（非公開）

ladder-joined = **{ $name }** としてグローバルランキングに参加しました。この名前とランク戦（`/bingo queue`）のレーティングは、ボットを使うすべてのサーバーのメンバーに見えます。`/bingo ladder leave` でいつでも抜けられます。
ladder-renamed = 完了：ランキングでの名前を **{ $name }** にしました。
ladder-left = ランキングから抜けました。もう表示されず、ランキングの名前は削除されました。キューでの組み合わせのため、ランク戦のレーティングは残ります。
ladder-not-on = あなたはランキングに参加していません。`/bingo ladder join name:` で参加できます。
ladder-name-short = 名前が短すぎます：{ $min }〜{ $max } 文字にしてください。
ladder-name-long = 名前が長すぎます：{ $min }〜{ $max } 文字にしてください。
ladder-name-characters = ランキングの名前に使えるのは文字・数字・空白と - . ' だけです（メンション、絵文字、書式は使えません）。
ladder-name-letter = ランキングの名前には文字を 1 つ以上含めてください。
ladder-name-taken = 名前 **{ $name }** はすでに使われています（大文字小文字・空白・- . ' だけが違う名前は同じとみなします）。別の名前を選んでください。

help-group-bingo-ladder = グローバルランキング（全サーバー共通）

## コマンド

cmd-bingo-ladder =
    .name = グローバルランキング
    .description = グローバルランキング：全サーバー共通のランク戦レーティング。
cmd-bingo-ladder-join =
    .name = 参加
    .description = 名前を決めてグローバルランキングに参加します。
cmd-bingo-ladder-join-name =
    .name = 名前
    .description = ランキングに表示される名前（すべてのサーバーのメンバーに見えます）
cmd-bingo-ladder-leave =
    .name = 退出
    .description = グローバルランキングから抜けます。名前は削除されます。
cmd-bingo-ladder-show =
    .name = 表示
    .description = グローバルランキングの順位とあなたの順位。
cmd-bingo-ladder-show-season =
    .name = シーズン
    .description = グローバルシーズン（番号）か通算。省略時は現在のシーズン
