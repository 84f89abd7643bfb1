## 対戦の分析（/bingo analyse、リプレイの「分析」ボタン）

analysis-button = 分析
analysis-worst = 最大のミス
analysis-step-through = 1手ずつ見る
analysis-field = 分析
analysis-title = BingoMagic #{ $id }の分析 — { $first } vs { $second }
analysis-description = { $graded }件の判断を評価しました。それぞれ、その時点でプレイヤーに見えていた情報だけを使っています（非公開のカードは推定し、実際のカードは読みません）。可能な手ごとに{ $worlds }回以上の対戦をシミュレートしました（評価がきわどい場合はさらに多く）。シミュレーションで区別できないほど近い2つの手は、どちらも最善とします。
analysis-accuracy = 精度：**{ $accuracy }** / 100
analysis-no-decisions = 評価する判断はありません。
analysis-count = { $grade }：{ $count }
analysis-footer = 最善 · 好手（勝率の損失5ポイント未満）· 不正確（5以上）· 悪手（10以上）· 大悪手（20ポイント以上）。対戦を1手ずつ見ると、各評価が表示されます。
analysis-grade-best = 最善
analysis-grade-good = 好手
analysis-grade-inaccuracy = 不正確
analysis-grade-mistake = 悪手
analysis-grade-blunder = 大悪手
analysis-note = { $grade } — この手の後の勝率 { $chance } %（{ $worlds }回のシミュレーション）
analysis-better = より良い手：{ $move }：{ $chosen } %ではなく{ $best } %
analysis-progress = 分析中… { $done } / { $total }件の判断
analysis-busy-member = すでに分析を実行中です。終わるまでお待ちください。
analysis-busy-server = このサーバーでは現在、分析が多すぎます。1分後にもう一度お試しください。
analysis-failed = 対戦 #{ $id }を分析できませんでした。
analysis-chart-title = { $name }の勝率（判断ごと）
analysis-chart-legend = 赤：大悪手 · オレンジ：悪手
analysis-chart-alt = 対戦を通した{ $name }の勝率のグラフ：最初に評価した判断の後 { $start } %、最後の判断の後 { $end } %。大悪手のあった判断：{ $blunders }。

cmd-bingo-analyse =
    .name = 分析
    .description = このサーバーで終わったBingoMagicの対戦の判断をすべて評価します。
cmd-bingo-analyse-match =
    .name = 対戦
    .description = 対戦番号（盤面と結果に表示されています）
