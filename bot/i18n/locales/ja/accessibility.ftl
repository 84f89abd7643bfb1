# スクリーンリーダーモード（/bingo accessibility）：すべてのパネルと盤面の先頭に、状況を
# 一文で示します（bot/ui/accessible.py、cogs/bingo/_accessible.py）。
a11y-decide-declare = あなたの番です：キープかマリガンを選んでください。
a11y-decide-bottom = あなたの番です：カードを{ $n }枚、ライブラリーの一番下に置いてください。
a11y-decide-aside = あなたの番です：マリガンのためにカードを脇に置き、終わったら「脇に置き終える」を選んでください。
a11y-decide-scry = あなたの番です：占術1。一番上のカードをそのまま残すか、一番下に置いてください。
a11y-decide-main = あなたの番です：土地を置くか、パスしてください。
a11y-decide-counter = { $name }が{ $land }を置きました：打ち消すか、解決させることができます。
a11y-decide-swamp = { $name }の沼：捨てるカードを選んでください。
a11y-decide-mountain = あなたの山：{ $name }の陣地から破壊する土地を選んでください。
a11y-decide-forest = あなたの森：手札に戻す土地を選んでください。
a11y-waiting = { $name }の番です。
a11y-deadline = { $deadline }に時間切れになります。
a11y-over = 対戦は終了しました。
a11y-turn = 第{ $turn }ターン。
a11y-mulligans = マリガン中。
a11y-territories = あなたの陣地：{ $mine }。{ $name }の陣地：{ $theirs }。
a11y-board-territories = { $first }の陣地：{ $a }。{ $second }の陣地：{ $b }。
a11y-near-win = { $name }はあと{ $land }1枚で勝利します。
a11y-near-win-you = あなたはあと{ $land }1枚で勝利します。
a11y-hand = あなたの手札：{ $hand }。
a11y-holds = { $name }の手札は{ $n }枚。
a11y-library = ライブラリー：{ $n }枚。
a11y-scry = ライブラリーの一番上：{ $land }。
a11y-pending = { $name }が{ $land }を出そうとしています。
a11y-pending-you = あなたは{ $land }を置こうとしています。
a11y-last = 直前：{ $line }
a11y-actions = できること：{ $actions }。
a11y-none = なし
a11y-label-counter = 島と{ $name }で打ち消す
a11y-event-roll-pair = { $first }が{ $a }で{ $second }が{ $b }
a11y-event-turn = 第{ $turn }ターン：{ $who }。
a11y-event-mulligan = { $who }は{ $number }回目のマリガンを行い、手札は{ $n }枚になります。
a11y-event-counter = { $who }は{ $island }と{ $other }を捨てて打ち消します。{ $land }は墓地に置かれます。
# Between the clauses of the sentence.
a11y-join = {""}
# After a clause that does not end as a sentence (a moderator's reason).
a11y-full-stop = {"。"}
a11y-separator = {"、"}
a11y-count-plains = 平地{ $n }枚
a11y-count-island = 島{ $n }枚
a11y-count-swamp = 沼{ $n }枚
a11y-count-mountain = 山{ $n }枚
a11y-count-forest = 森{ $n }枚
a11y-on = スクリーンリーダーモードをオンにしました。パネルと盤面の先頭に、誰の番で何を決めるか、残り時間、両者の陣地、あと1枚で勝つプレイヤー、あなたの手札、直前の出来事、できることを一文で表示します。`/bingo accessibility off` でオフにできます。
a11y-off = スクリーンリーダーモードはオフです。`/bingo accessibility on` でオンにできます。
a11y-offer = スクリーンリーダーモード

## /bingo accessibility

cmd-bingo-accessibility =
    .name = アクセシビリティ
    .description = スクリーンリーダーモード：オンかオフにするか、今の設定を見ます。
cmd-bingo-accessibility-mode =
    .name = モード
    .description = オン、オフ、または今の設定を表示
choice-a11y_on =
    .name = オン
choice-a11y_off =
    .name = オフ
choice-a11y_show =
    .name = 表示
