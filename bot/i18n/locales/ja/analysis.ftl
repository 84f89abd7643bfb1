## 対戦の分析（/bingo analyse、リプレイの「分析」ボタン）

analysis-button = 分析
analysis-worst = 最大のミス
analysis-step-through = 対戦を1手ずつ見る
analysis-field = 分析
analysis-title = BingoMagic #{ $id }の分析 — { $first } vs { $second }
analysis-description = { $graded }件の判断を評価しました。それぞれ、その時点でプレイヤーに見えていた情報だけを使っています（非公開のカードは推定し、実際のカードは読みません）。可能な手ごとに{ $worlds }回以上の対戦をシミュレートしました。パーセントはすべて、一緒に名前が書かれたプレイヤーの勝率です。
analysis-accuracy = 精度：**{ $accuracy }** / 100
analysis-mean-loss = 平均損失：1判断あたり勝率 **{ $loss }** ポイント
analysis-no-decisions = 評価する判断はありません。
analysis-count = { $grade }：{ $count }
analysis-footer = 最善：見つかった最善手と同等、または勝率の差が5ポイント未満 · 不正確：5ポイント以上の損失 · 悪手：10以上 · 大悪手：20以上。精度は損失ごとに急速に下がる（lichessの計算式）ため、1回の大悪手は何回かの不正確よりずっと重く響きます。
analysis-grade-best = 最善
analysis-grade-inaccuracy = 不正確
analysis-grade-mistake = 悪手
analysis-grade-blunder = 大悪手
# 文中の評価（「— 大悪手：aliceの勝率 …」）。
analysis-grade-word = { $grade ->
    [best] 最善
    [inaccuracy] 不正確
    [mistake] 悪手
   *[blunder] 大悪手
    }
analysis-progress = 分析中… { $done } / { $total }件の判断
analysis-busy-member = すでに分析を実行中です。終わるまでお待ちください。
analysis-busy-server = このサーバーでは現在、分析が多すぎます。1分後にもう一度お試しください。
analysis-failed = 対戦 #{ $id }を分析できませんでした。

## 1つの判断を言葉で：誰が何をしたか、評価、誰の勝率か、より良い手

analysis-did-keep = { $who }はキープした
analysis-did-mulligan = { $who }はマリガンを宣言した
analysis-did-bottom = { $who }は{ $land }をライブラリーの一番下に置いた
analysis-did-aside = { $who }は{ $land }を脇に置いた
analysis-did-aside_done = { $who }はカードを脇に置くのを終えた
analysis-did-scry_top = { $who }は{ $card }を一番上に残した
analysis-did-scry_bottom = { $who }は{ $card }を一番下に置いた
analysis-did-place = { $who }は{ $land }を置いた
analysis-did-pass = { $who }はパスした
analysis-did-allow = { $who }は{ $other }の{ $pending }を解決させた
analysis-did-counter = { $who }は{ $island } + { $land }で{ $other }の{ $pending }を打ち消した
analysis-did-discard = { $who }は{ $land }を捨てた
analysis-did-destroy = { $who }は{ $other }の{ $land }を破壊した
analysis-did-take = { $who }は自分の墓地から{ $land }を回収した
analysis-did-take_opp = { $who }は{ $other }の墓地から{ $land }を回収した
analysis-do-keep = キープする
analysis-do-mulligan = マリガンする
analysis-do-bottom = { $land }をライブラリーの一番下に置く
analysis-do-aside = { $land }を脇に置く
analysis-do-aside_done = カードを脇に置くのを終える
analysis-do-scry_top = { $card }を一番上に残す
analysis-do-scry_bottom = { $card }を一番下に置く
analysis-do-place = { $land }を置く
analysis-do-pass = パスする
analysis-do-allow = 解決させる
analysis-do-counter = { $island } + { $land }で打ち消す
analysis-do-discard = { $land }を捨てる
analysis-do-destroy = { $other }の{ $land }を破壊する
analysis-do-take = { $land }を回収する
analysis-do-take_opp = { $other }の{ $land }を回収する
analysis-step = { $move } — { $grade }：{ $who }の勝率 { $before } % → { $after } %。
analysis-step-best = { $move } — { $grade }：{ $who }の勝率 { $after } %。
analysis-better = より良い手：{ $better }（{ $best } %）。
analysis-simulations = （1手あたり{ $worlds }回のシミュレーション）
analysis-turn = 第{ $turn }ターン
analysis-turn-mulligans = マリガン
analysis-when = 第{ $turn }ターン
analysis-when-mulligans = マリガン

## 重要な局面：各プレイヤーの最も大きな損失3つ。それぞれのボタンでその手の前の局面を開く

analysis-key-moments = 重要な局面：{ $who }
analysis-key-moment = **{ $number }** · { $when } · { $line }
analysis-no-key-moments = 不正確以下の手はありません。すべての判断が、見つかった最善手と同等でした。
analysis-key-button = { $number } · { $who }、{ $when }
analysis-key-hint = 番号のボタンで、各重要局面の判断の前の局面と、{ $first }または{ $second }が選べた手を表示します。
analysis-choices-title = 重要な局面{ $number } · { $when }：{ $who }の判断
analysis-choices-intro = 判断の前の局面です。{ $who }が選べた手と、それぞれを選んだ後の{ $who }の勝率：
analysis-choice-played = 実際の手、{ $grade }
analysis-choice-best = 最善
analysis-choice-played-best = 実際の手、最善
analysis-choices-next = **次へ**で実際の手を表示します。
analysis-not-analysed = この対戦はまだ分析されていません。先に**分析**ボタンを使ってください。

## グラフ（画像：1行に数語まで）

analysis-chart-title = { $name }の勝率
analysis-chart-turn = ターン
analysis-chart-whose = ミスをした人：
analysis-chart-alt = 対戦を通した{ $name }の勝率のグラフ（ターンごと。{ $other }の勝率は残りの部分）：最初に評価した判断の後 { $start } %、最後の判断の後 { $end } %。{ $errors }
analysis-chart-alt-player = { $who }：{ $marks }。
analysis-chart-alt-none = { $who }：不正確以下の手なし。
analysis-chart-alt-mark = { $grade }（{ $when }）

## リプレイ：非公開のカードを誰が読んでも分かるように名前で（対戦は終了し、両方の手札が公開されています）

replay-event-draw = { $who }は{ $card }を引きます。
replay-event-bottom = { $who }は{ $card }をライブラリーの一番下に置きます。

cmd-bingo-analyse =
    .name = 分析
    .description = このサーバーで終わったBingoMagicの対戦の判断をすべて評価します。
cmd-bingo-analyse-match =
    .name = 対戦
    .description = 対戦番号（盤面と結果に表示されています）
